"""What both games share: dice, log, history, rule registry, errors, file loading, the scene.

`core` never imports a game package.
"""
from .errors import DataError, IllegalAction, KernelError
from .i18n import T
from .rules import Rule, RuleRegistry, Verdict
from .dice import Dice
from .log import LogEntry

__all__ = [
    "DataError", "IllegalAction", "KernelError", "T", "Rule", "RuleRegistry", "Verdict",
    "Dice", "LogEntry",
]
