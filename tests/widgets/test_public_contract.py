"""Widgets use only the kernel's public contract (issue 10): no module under widgets/ imports a
private (underscore) name or module of berserk_kernel, nor the kernel's internal tables that
`state.phase_name()`, `state.phase_verbs()`, `state.stage` and friends stand for."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
# module tables of the kernel that have a public method on the state (docs/contract.md)
TABLES = {"PHASE_NAMES", "VERBS_OF_PHASE", "DISPATCH", "PENDING_RULE", "PHASE_RULE"}


def kernel_imports(tree: ast.AST):
    """(line, module, name) of every name a module imports from berserk_kernel; `import x.y` gives
    name None."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "berserk_kernel":
            for alias in node.names:
                yield node.lineno, node.module, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "berserk_kernel":
                    yield node.lineno, alias.name, None


def offences(source: str, filename: str = "<widget>") -> list[str]:
    tree = ast.parse(source, filename)
    out = []
    for line, module, name in kernel_imports(tree):
        if any(part.startswith("_") for part in module.split(".")):
            out.append(f"{filename}:{line}: private module {module}")
        if name is not None and (name.startswith("_") or name in TABLES):
            out.append(f"{filename}:{line}: {module}.{name}")
    # a table reached through a module attribute (berserk_kernel.city.phases.PHASE_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in TABLES:
            out.append(f"{filename}:{node.lineno}: .{node.attr}")
    return out


MODULES = sorted(WIDGETS.rglob("*.py"))


def test_the_scan_sees_the_widgets():
    names = {p.name for p in MODULES}
    assert {"berserk_controller.py", "city_app.py", "explorer_words.py", "lesson.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(WIDGETS)))
def test_widget_module_imports_nothing_private_from_the_kernel(path):
    assert offences(path.read_text(encoding="utf-8"), str(path.name)) == []


@pytest.mark.parametrize("source, found", [
    ("from berserk_kernel.city.phases import PHASE_NAMES\n", "berserk_kernel.city.phases.PHASE_NAMES"),
    ("from berserk_kernel.city.phases import VERBS_OF_PHASE as V\n", "VERBS_OF_PHASE"),
    ("def f():\n    from berserk_kernel.berserk.game import PHASE_NAMES\n", "berserk_kernel.berserk.game.PHASE_NAMES"),
    ("from berserk_kernel.bots.advice import _message\n", "_message"),
    ("import berserk_kernel.core._private\n", "private module berserk_kernel.core._private"),
    ("import berserk_kernel.city.phases as ph\nx = ph.VERBS_OF_PHASE\n", ".VERBS_OF_PHASE"),
])
def test_the_scan_finds_a_private_import(source, found):
    """The check itself can fail: each of these is reported."""
    got = offences(source)
    assert len(got) == 1 and found in got[0]


def test_public_imports_pass_the_scan():
    src = ("from berserk_kernel.berserk import BerserkState, new_game\n"
           "from berserk_kernel.city import new_game as _city_game\n"
           "import berserk_kernel.core.errors\n"
           "from .lesson_data import _private_helper\n")
    assert offences(src) == []
