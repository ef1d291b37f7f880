"""Both games as OpenSpiel Python games (the optional extra `openspiel`, issue 10).

    pip install -e ".[openspiel]"          # open-spiel==2.0.2
    import random as _random

import pyspiel
    import berserk_kernel.openspiel        # registers python_berserk and python_city
    game = pyspiel.load_game("python_berserk", {"seed": 3, "mode": "heroes"})
    state = game.new_initial_state()

Only this module imports `pyspiel`; the rest of the kernel never does.

- **Games.** ``python_berserk`` (parameters ``seed``, ``mode`` "classic" or "heroes",
  ``turn_limit``: a draw after that many turns, 0 for none) and ``python_city`` (``players``
  2-4, ``seed``, ``rounds``). The kernel's seed fixes what the set-up rolls and every shuffle
  (deck orders, the City event deck); those are hidden information.
- **Chance.** Every die a decision rolls is an explicit chance node: after a decision whose
  action rolls (`state.chance_outcomes(action)` of the kernel is not None) the current player is
  `pyspiel.PlayerId.CHANCE`, and `chance_outcomes()` lists the kernel's exact law of the faces
  (outcome id = its index, probability as a float of the exact `Fraction`). Applying an outcome
  applies the decision with those faces (`apply(action, dice=faces)`).
- **Actions.** The id of a legal action is its index in the state's legal actions sorted by
  their text; `action_to_string` gives the kernel's text («strike #1 #2», "attack 2>3 5"), so
  `state.string_to_action("end")` works. Ids mean something only in the state that lists them
  (OpenSpiel's `MCTSBot` and random simulation test need no more). City turns are capped at
  the bots' 12 actions (`bots.base.CITY_TURN_CAP`: then only ``end``), as the rules set no
  limit on redeploys.
- **Observations.** Strings only, from the seat's view (`state.view(seat)` of the kernel:
  what that seat cannot see is made canonical), so an observer never peeks: the observation is
  the view's position key; the information state adds the public history (every action text
  and every chance outcome's faces).

OpenSpiel's own `MCTSBot` searches the true state (it peeks at hidden cards and deck orders);
the kernel's `berserk_kernel.bots.MCTSBot` does not, nor does OpenSpiel's Python
`ismcts.ISMCTSBot` given `resampler()` (`bot.set_resampler(resampler(seed))`).
"""
from __future__ import annotations

import random as _random

import pyspiel

from .berserk import new_game as _berserk_game
from .bots.base import Game as _Game
from .city import new_game as _city_game

MAX_ACTIONS = 10_000            # a bound on the legal actions of one state (ids are indexes)
MAX_CHANCE = 4_096              # a bound on the outcomes of one roll
MAX_LENGTH = {"python_berserk": 20_000, "python_city": 5_000}   # decisions in one game


class _Kernel:
    """Holds a kernel state; OpenSpiel's clone deep-copies attributes, so this copies by the
    kernel's fast `clone()` (no log, no undo history)."""

    __slots__ = ("s",)

    def __init__(self, s):
        self.s = s

    def __deepcopy__(self, memo):
        return _Kernel(self.s.clone())


class KernelState(pyspiel.State):
    """A kernel state (Berserk or City) as an OpenSpiel state."""

    def __init__(self, game, kernel_state=None):
        super().__init__(game)
        self._k = _Kernel(kernel_state if kernel_state is not None else game.new_kernel_state())
        self._pending = None          # the decision waiting for its dice
        self._outcomes = None         # its [(faces, Fraction)]
        self._legal = None            # the legal actions sorted by text (a cache)
        self._public: list = []       # every action text and every chance outcome, in order

    # --- whose turn --------------------------------------------------------------------------
    def current_player(self):
        s = self._k.s
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self._pending is not None:
            return pyspiel.PlayerId.CHANCE
        return s.current_player()

    def is_terminal(self) -> bool:
        return self._pending is None and self._k.s.is_terminal()

    def returns(self):
        return list(self._k.s.returns())

    # --- decisions ---------------------------------------------------------------------------
    def legal_kernel_actions(self) -> list:
        """The kernel's legal actions of the player to move, sorted by text (index = id)."""
        if self._legal is None:
            acts = sorted(_Game.capped(self._k.s), key=str)
            if len(acts) > MAX_ACTIONS:
                raise RuntimeError(f"{len(acts)} legal actions: more than the {MAX_ACTIONS} ids this game declares")
            self._legal = acts
        return self._legal

    def _legal_actions(self, player):
        return list(range(len(self.legal_kernel_actions())))

    def chance_outcomes(self):
        if self._outcomes is None:
            return []
        return [(i, float(p)) for i, (_faces, p) in enumerate(self._outcomes)]

    def _apply_action(self, action):
        s = self._k.s
        if self._pending is not None:
            faces, _p = self._outcomes[action]
            decision, self._pending, self._outcomes = self._pending, None, None
            s.apply(decision, history=False, dice=faces)
            self._public.append("dice " + " ".join(map(str, faces)))
        else:
            a = self.legal_kernel_actions()[action]
            self._public.append(str(a))
            outcomes = s.chance_outcomes(a)
            if outcomes:
                if len(outcomes) > MAX_CHANCE:
                    raise RuntimeError(f"{a}: {len(outcomes)} chance outcomes, more than {MAX_CHANCE}")
                self._pending, self._outcomes = a, outcomes
            else:
                s.apply(a, history=False)
        self._legal = None

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self._outcomes is not None and 0 <= action < len(self._outcomes):
                return "dice " + " ".join(map(str, self._outcomes[action][0]))
            return f"chance outcome {action}"
        acts = self.legal_kernel_actions() if not self.is_terminal() else []
        return str(acts[action]) if 0 <= action < len(acts) else f"action {action}"

    # --- what a seat sees --------------------------------------------------------------------
    def observation_text(self, seat: int, perfect_recall: bool) -> str:
        """The seat's view (the kernel's `view(seat)` position key); with perfect recall, the
        public history first."""
        view = self._k.s.view(seat)
        waiting = f"waiting for the dice of: {self._pending}\n" if self._pending is not None else ""
        now = f"seat {seat}\n{waiting}{view.key()!r}"
        if not perfect_recall:
            return now
        return "history: " + " | ".join(self._public) + "\n" + now

    @property
    def kernel(self):
        """The kernel state (a `BerserkState` or `CityState`); do not change it."""
        return self._k.s

    def __str__(self):
        waiting = f" (waiting for the dice of {self._pending})" if self._pending is not None else ""
        return f"{self._k.s!r}{waiting}\n" + " | ".join(self._public)


def resampler(seed: int = 0):
    """A resampler for OpenSpiel's Python `ismcts.ISMCTSBot` (`bot.set_resampler(...)`): from a
    state and a seat, a state consistent with what that seat knows (the kernel's
    `sample_world(seat, rng)`: hidden identities, deck orders and future dice dealt from the
    resampler's own RNG), with the same public history and pending roll. A search run on these
    worlds never peeks."""
    rng = _random.Random(seed)

    def resample(state, player):
        world = KernelState(state.get_game(), state.kernel.sample_world(player, rng))
        world._pending, world._outcomes = state._pending, state._outcomes
        world._public = list(state._public)
        return world

    return resample


class _Observer:
    """String observations from the seat's view (no tensor)."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.observation_text(player, self.perfect_recall)


def _game_type(short: str, long: str, players: tuple, utility, params: dict):
    return pyspiel.GameType(
        short_name=short, long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=params)


BERSERK_TYPE = _game_type("python_berserk", "Berserk (berserk_kernel)", (2, 2), pyspiel.GameType.Utility.ZERO_SUM,
                          {"seed": 0, "mode": "classic", "turn_limit": 30})
CITY_TYPE = _game_type("python_city", "Battle for the City (berserk_kernel)", (2, 4),
                       pyspiel.GameType.Utility.GENERAL_SUM, {"players": 2, "seed": 0, "rounds": 10})


def _info(players: int, short: str, zero_sum: bool):
    return pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=MAX_CHANCE, num_players=players,
                            min_utility=-1.0, max_utility=1.0, utility_sum=0.0 if zero_sum else None,
                            max_game_length=MAX_LENGTH[short])


class BerserkGame(pyspiel.Game):
    """Berserk (classic or Heroes) from the kernel."""

    def __init__(self, params=None):
        p = dict(BERSERK_TYPE.parameter_specification, **(params or {}))
        if p["mode"] not in ("classic", "heroes"):
            raise ValueError(f"python_berserk: mode is 'classic' or 'heroes', not {p['mode']!r}")
        self.seed, self.mode, self.turn_limit = int(p["seed"]), p["mode"], int(p["turn_limit"])
        super().__init__(BERSERK_TYPE, _info(2, "python_berserk", True), p)

    def new_kernel_state(self):
        return _berserk_game(seed=self.seed, options={"turn_limit": self.turn_limit}, mode=self.mode)

    def new_initial_state(self):
        return KernelState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(iig_obs_type, params)


class CityGame(pyspiel.Game):
    """Battle for the City from the kernel, 2 to 4 players."""

    def __init__(self, params=None):
        p = dict(CITY_TYPE.parameter_specification, **(params or {}))
        if p["players"] not in (2, 3, 4):
            raise ValueError(f"python_city: players is 2, 3 or 4, not {p['players']!r}")
        self.players, self.seed, self.rounds = int(p["players"]), int(p["seed"]), int(p["rounds"])
        super().__init__(CITY_TYPE, _info(self.players, "python_city", False), p)

    def new_kernel_state(self):
        return _city_game(players=self.players, seed=self.seed, options={"rounds": self.rounds})

    def new_initial_state(self):
        return KernelState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(iig_obs_type, params)


pyspiel.register_game(BERSERK_TYPE, BerserkGame)
pyspiel.register_game(CITY_TYPE, CityGame)

__all__ = ["BerserkGame", "CityGame", "KernelState", "BERSERK_TYPE", "CITY_TYPE", "resampler"]
