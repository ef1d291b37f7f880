"""Classic Berserk: the basic rules (seed 000) and the zone rules (seed 001).

One obvious entry point: `new_game()` returns a `BerserkState` with `legal_actions()`,
`apply()`, `explain()`, `undo()`, `redo()` and `_repr_svg_()`.
"""
from .actions import A, Action
from .cards import CardDef, demo_cards, load_cards, parse_cards
from .game import RULES, BerserkState, demo_decks, new_game
from .odds import ability_odds, odds_for, strike_odds
from .options import Options
from .position import position
from .scenario import load_scenario, save_scenario

__all__ = ["A", "Action", "CardDef", "demo_cards", "load_cards", "parse_cards", "RULES", "BerserkState", "demo_decks",
           "new_game", "strike_odds", "odds_for", "ability_odds", "Options", "position", "load_scenario", "save_scenario"]
