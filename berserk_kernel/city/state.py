"""`CityState`: one position of Battle for the City, with check, apply, undo, redo and hash.

The rules live in the topic modules (setup, phases, capture, reinforce, redeploy, attack); this
class holds the position and routes each action verb to its module's ``check`` and ``perform``.
All of the position is in plain instance attributes, so `copy()` and undo are simple.
"""
from __future__ import annotations

from ..core.dice import Dice
from ..core.i18n import T
from ..core.messages import catalog
from ..core.rules import Verdict
from ..core.state import BaseState
from . import attack, capture, hidden, phases, picks, readout, redeploy, reinforce
from .actions import DRAW, END, INCOME, Action, parse_action
from .odds import battle_odds
from .phases import fresh_turn
from .scene import city_scene
from .registry import RULES
from .reinforce import MAX_FORCES

LETTERS = "ABCD"
M = catalog("berserk_kernel.city")
_NAMES = tuple(M("player_name", letter=letter) for letter in LETTERS)   # «Игрок A», "Player A"

HANDLERS = {  # verb: (check, perform)
    "pick": (picks.check_pick, picks.perform_pick),
    "draw": (phases.check_draw, phases.perform_draw),
    "income": (phases.check_income, phases.perform_income),
    "end": (phases.check_end, phases.perform_end),
    "capture": (capture.check_capture, capture.perform_capture),
    "move": (capture.check_move, capture.perform_move),
    "reinforce": (reinforce.check, reinforce.perform),
    "redeploy": (redeploy.check, redeploy.perform),
    "attack": (attack.check, attack.perform),
}


class CityState(BaseState):
    """A position. Build one with `berserk_kernel.city.new_game` or `load_scenario`.

    Attributes: ``map`` (CityMap), ``deck_def`` (EventDeck), ``options`` (CityOptions),
    ``players``, ``colours``, ``dice``, ``phase`` ("pick", "event", "income", "actions", "over"),
    ``round``, ``current``, ``order`` (turn order by initiative), ``initiative``, ``pick_index``,
    ``owner`` and ``forces`` (by district number), ``influence`` and ``hq`` (by player),
    ``deck`` and ``discard`` (event ids, top of the deck last), ``turn`` (this turn's counters and
    event modifiers), ``last_event``, ``last_battle``, ``winners``.
    """

    RULES = RULES
    MESSAGES = M               # what `_log` names by key
    GAME = "city"
    READOUT = readout          # last_rolls(), last_step(), steps()
    PRECHECKED = frozenset(("redeploy", "reinforce"))   # their candidates are only legal ones

    def __init__(self, players: int = 2, map="default", seed: int = 0, options=None, colours=None,
                 forced=(), events=None):
        """`CityState(players=3, seed=7)` is the same as `new_game(players=3, seed=7)`."""
        from .setup import new_game
        self.__dict__.update(new_game(players, map, seed, options, colours, forced, events).__dict__)

    # --- BaseState hooks ------------------------------------------------------------------
    def _check(self, action) -> Verdict:
        if self.phase == "over":
            return RULES.no("R-CITY-END", M.lazy("no_moves_after_end"))
        if not isinstance(action, Action) or action.verb not in HANDLERS:
            return RULES.no("CITY-3", M.lazy("unknown_action", action=action))
        gate = phases.gate(self, action.verb)
        if gate is not None:
            return gate
        return HANDLERS[action.verb][0](self, action)

    def _perform(self, action) -> None:
        if action.verb != "move":
            self.turn["capture"] = None      # the capture move (CITY-3.3) is "at once" only
        HANDLERS[action.verb][1](self, action)
        self._memo = {}                      # cached territory pieces are stale now

    def _candidates(self):
        phase = self.phase
        if phase == "pick":
            return [Action.pick(d) for d in self.map.start]
        if phase == "event":
            return [DRAW]
        if phase == "income":
            return [INCOME]
        if phase != "actions":
            return []
        return (capture.candidates(self) + reinforce.candidates(self) + redeploy.candidates(self)
                + attack.candidates(self) + [END])

    def parse_action(self, text):
        return parse_action(text)

    def copy(self) -> "CityState":
        """A position equal to this one, with a fresh (empty) undo history."""
        c = object.__new__(CityState)
        d = c.__dict__
        d.update(self.__dict__)
        d["owner"], d["forces"] = dict(self.owner), dict(self.forces)
        d["influence"], d["hq"] = list(self.influence), list(self.hq)
        d["deck"], d["discard"] = list(self.deck), list(self.discard)
        d["turn"], d["dice"] = dict(self.turn), self.dice.copy()
        d["log"], d["actions"] = list(self.log), list(self.actions)
        d["_undo"], d["_redo"], d["_memo"] = [], [], {}
        d["_legal"] = None
        return c

    # --- who and what -----------------------------------------------------------------------
    def current_player(self):
        """Who decides now (None when the game is over)."""
        if self.phase == "pick":
            return self.order[self.pick_index]
        return None if self.phase == "over" else self.current

    def is_over(self) -> bool:
        """The same as `is_terminal()`."""
        return self.phase == "over"

    # --- the game contract (core/contract.py) ---------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def num_players(self) -> int:
        return self.players

    def _won_by(self) -> tuple:
        return tuple(self.winners or ())

    def _seat_name(self, p: int, lang: str) -> str:
        return LETTERS[p]

    def key(self) -> tuple:
        """A hashable key of the position (no log, record, last event or battle shown, or
        seeded future of the dice)."""
        return hidden.position_key(self)

    def _canonical_hidden(self, seat: int) -> None:
        hidden.canonical_hidden(self, seat)

    def _deal_hidden(self, seat: int, rng) -> None:
        hidden.deal_hidden(self, seat, rng)

    def _chance_outcomes(self, action):
        """Only an attack rolls (CITY-4.1); its law comes from the binomial odds."""
        return hidden.attack_outcomes(self, action) if action.verb == "attack" else None

    def phase_name(self, lang: str = "ru") -> str:
        """The phase in words («Действия», "Actions")."""
        return phases.PHASE_NAMES[self.phase][1 if lang == "en" else 0]

    def phase_verbs(self) -> frozenset:
        """The verbs the rules allow in this phase (each may still be refused)."""
        return frozenset(phases.VERBS_OF_PHASE.get(self.phase, ()))

    def letter(self, p: int) -> str:
        return LETTERS[p]

    def name(self, p: int) -> T:
        return _NAMES[p]

    def districts_of(self, p: int) -> list[int]:
        return [d for d, o in self.owner.items() if o == p]

    def count_districts(self, p: int) -> int:
        return sum(1 for o in self.owner.values() if o == p)

    def total_forces(self, p: int) -> int:
        return sum(self.forces[d] for d, o in self.owner.items() if o == p)

    def strongest(self, p: int, empty_ok: bool = False):
        """The player's district with the most forces (lowest number on a tie), or None."""
        best = None
        for d in sorted(self.districts_of(p)):
            if (best is None or self.forces[d] > self.forces[best]) and (empty_ok or self.forces[d] > 0):
                best = d
        return best

    def place(self, district: int, n: int) -> int:
        """Add up to n forces to a district without passing 10 (CITY-3.4); return how many."""
        placed = max(0, min(n, MAX_FORCES - self.forces[district]))
        self.forces[district] += placed
        return placed

    def attack_odds(self, action):
        """Exact odds of an attack action now (this turn's modifiers and forced dice included)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        return battle_odds(action.count, self.forces[action.dst], attack_hit=self.turn["attack_hit"],
                           defence_hit=self.turn["defence_hit"], forced=self.dice.forced)

    def scores(self) -> list[tuple]:
        """The ranking key of each player for R-CITY-END: (districts, forces, influence)."""
        return [(self.count_districts(p), self.total_forces(p), self.influence[p]) for p in range(self.players)]

    # --- saving -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": "city",
            "setup": self.setup,
            "position": self.position(),
            "log": [e.to_dict() for e in self.log],
            "actions": [str(a) for a in self.actions],
        }

    def position(self) -> dict:
        """The position alone, in the scenario file form (docs/notation-city.md)."""
        return {
            "phase": self.phase, "round": self.round, "current": self.current,
            "order": list(self.order), "initiative": [list(r) for r in self.initiative],
            "pick_index": self.pick_index,
            "districts": {str(d): {"owner": self.owner[d], "forces": self.forces[d]}
                          for d in self.map.numbers if self.owner[d] is not None or self.forces[d]},
            "influence": list(self.influence), "hq": list(self.hq),
            "deck": list(self.deck), "discard": list(self.discard),
            "turn": dict(self.turn, capture=list(self.turn["capture"]) if self.turn["capture"] else None),
            "last_event": self.last_event, "last_battle": self.last_battle,
            "winners": list(self.winners) if self.winners is not None else None,
            "dice": self.dice.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict, source: str = "<scenario>") -> "CityState":
        from .scenario import load_scenario
        return load_scenario(data, source)

    def _repr_svg_(self) -> str:
        return city_scene(self).to_svg()

    def __repr__(self) -> str:
        who = self.current_player()
        who = f"{self.phase}, {LETTERS[who]} to move" if who is not None else "over: " + self.outcome("en").rstrip(".")
        return f"<CityState {self.players} players, {self.map.id} map, round {self.round}, {who}>"


def blank_state(setup_dict: dict, city_map, deck_def, options, players: int, colours, dice: Dice) -> CityState:
    """An empty position before initiative: everything free, nothing rolled."""
    s = object.__new__(CityState)
    BaseState.__init__(s)
    s.setup, s.map, s.deck_def, s.options = setup_dict, city_map, deck_def, options
    s.players, s.colours, s.dice = players, tuple(colours), dice
    s.phase, s.round, s.current, s.pick_index = "pick", 0, 0, 0
    s.order, s.initiative = tuple(range(players)), ()
    s.owner = {d: None for d in city_map.numbers}
    s.forces = {d: 0 for d in city_map.numbers}
    s.influence, s.hq = [0] * players, [None] * players
    s.deck, s.discard = [], []
    s.turn = fresh_turn()
    s.last_event = s.last_battle = s.winners = None
    s.origin = None      # the scenario this object was loaded from, and its number of actions
    s._memo = {}
    return s
