"""«Битва за Город» (Battle for the City): the complete game, seed 004_3157f3d4129ae421.txt.

    from berserk_kernel.city import new_game
    g = new_game(players=2, map="default", seed=7)
    g.legal_actions()            # [pick 1, pick 5, ...]
    g.apply("pick 1")            # or g.apply(Action.pick(1))
    g.explain("attack 1>2 3")    # Verdict(ok, rule_id, ru, en)

This package never imports `berserk_kernel.berserk`.
"""
from .actions import Action, parse_action
from .maps import CityMap, load_map, map_names
from .odds import BattleOdds, battle_odds, odds_table
from .options import CityOptions
from .record import load_record, record_of, save_record
from .registry import RULES
from .scenario import load_scenario, save_scenario
from .setup import new_game
from .state import CityState

CityGame = CityState   # OpenSpiel-style name of the same class

__all__ = [
    "Action", "parse_action", "CityMap", "load_map", "map_names", "BattleOdds", "battle_odds",
    "odds_table", "CityOptions", "load_record", "record_of", "save_record", "RULES", "load_scenario",
    "save_scenario", "new_game", "CityState", "CityGame",
]
