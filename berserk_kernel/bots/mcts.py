"""`MCTSBot`: information-set Monte Carlo tree search (single observer, availability counts).

At its decision the bot builds its seat's view (`base.seat_view`: hidden card identities, deck
orders and the dice made canonical), so the true position is never read again. Each iteration:

1. samples a world from the view (`base.sample_world`: hidden identities dealt from the seat's
   unseen cards, decks and the City event deck shuffled, future dice re-seeded from the bot's
   RNG) -- chance (strikes, attacks, draws) then happens by the world's own seeded dice;
2. walks the tree by the text of the actions; at a node, among the actions legal in this world,
   an untried one is expanded, else UCB1 picks ``w/n + c*sqrt(ln(avail)/n)`` where `avail`
   counts the iterations in which the action was legal (availability, ISMCTS);
3. plays a kind-weighted random rollout (`random.weighted_choice`) up to `depth` actions and
   scores it with the exact returns at the end or `base.evaluate` at the cap;
4. adds the value of the seat that chose each action along the path.

With `prior=True` (the default) every root action is first valued by the greedy bot on one
sampled world (its exact one-step expected material lead, squashed like `base.evaluate`), and
that value counts as `prior_visits` virtual visits of the action: UCB starts from the greedy
bot's judgement and the playouts correct it, so a small budget plays at least as well as the
greedy bot. The root action played is the one with the best mean value (virtual visits included),
ties to the most visited, among the actions legal in the real position. Below the root,
untried actions are expanded in kind-weighted random order.

`order="squads"` makes the order decision of Berserk (first or second, BR-7.1) by the squads each
choice leads to (`squads.order_values`) instead of the
search, whose one-step prior and short rollouts cannot see past the squad building (in Heroes,
the first turns of hiring).

Options: `evaluation="progress"` scores the leaves with `progress.progress_evaluate` (how each
game is won, beyond material); `widen=K` searches only the greedy prior's top K root actions;
`final="visits"` plays the most visited root action.

`relative=True` values a playout by the change of the lead since the root (each world's own
root material; `tanh(change / scale)`), not by the lead itself: a side far ahead or behind
(a lead of 40 is tanh 0.92) otherwise sees every action at about the same value and the search
spreads its playouts by exploration alone. A win or loss stays +-1; a draw counts as the loss
of the root's lead (good for the side behind, bad for the side ahead). The analysis reports
absolute values (the squashed mean root lead plus the change, monotone), as the hint expects.
`turns=N` stops a playout (tree walk and rollout) when N turns have ended since the root, so
with N=2 and a `depth` large enough the rollout plays the rest of the mover's turn and the
opponent's whole reply (a creature that struck is closed and open to the reply, BR-10).

`place="formation"` places a classic squad by `formation.formation` (fighters in front, cards
that act from afar behind them) instead of by the search, which values every placement at 0.

`depth`, `rollout`, `evaluation`, `c`, `order`, `relative`, `turns`, `widen`, `calibrate`, `squad`
or `place` left as None are taken per game from `PROFILES` (the tournament does so).
"""
from __future__ import annotations

import math
import random as _random
import time

from .base import Cancelled, Game, evaluate, leads, material, sample_world, seat_view, squash
from .greedy import GreedyBot, lead
from .random import weighted_choice
from .city_eval import front_evaluate, front_material
from .progress import progress_evaluate, progress_material
from .rollout import POLICIES
from .formation import formation_action, is_place_decision
from .squads import best_squad, is_buy_decision, is_order_decision, order_values
from .threat import reply_threat, threat_evaluate
from .heroes_eval import hero_evaluate, hero_material

DEFAULT_PLAYOUTS = 40
DEFAULT_DEPTH = 16

# Per-game settings used where the caller leaves `depth`, `rollout` or `evaluation` as None (the
# tournament does unless told; it also takes `playouts` from here): measured best per game at a
# fixed CPU budget (docs/bots.md, "Quick checks"). City has two: with 2 players the progress
# evaluation (districts weigh more toward the end) beat the greedy bot in 64 of 100 games where
# the material one won about half; with 3 or 4 players it lost games to random bots that the
# material evaluation won, so "city" (3-4 players) keeps it. Since session 10 the 2-player profile
# values leaves by the "front" evaluation (city_eval.py: the progress material less each side's
# district most likely lost to the enemy's next attack): on seeds 9000..9199 139-61 against greedy
# (the progress one 121-79) and 199-1 against random (docs/bots.md, session 10, helper C)
# Classic Berserk explores with c=0.25 (session 6: 67 of 100 games against greedy and 61 of 65
# against random on seeds 7100..; on the tournament's seeds 9000.. 112 and 176 of 200, within
# noise of c=0.7's 117 and 174 -- docs/bots.md)
# Every game makes the order decision by the search: the squads look (order="squads",
# bots/squads.py) gained nothing once the tournament kept the bots with their players (session 7,
# 200 games each on seeds 9000..: classic 90.5%/51.0% with it, 92.0%/51.5% without; Heroes
# 91.5%/56.0% with it, 93.0%/59.0% without -- docs/bots.md)
# Classic Berserk (session 8) plays 40 playouts (the apps' normal level) whose rollouts see the
# opponent's reply (turns=2, depth 80), valued by the change of the lead (relative), on the greedy
# top 6 root actions (widen): on seeds 9000..9199, 200 games each, 118-61-21 against greedy and
# 183-10-7 against random (the 10-playout depth-8 profile before: 103-82-15 and 184-9-7;
# docs/bots.md, session 8). Heroes plays its profile at 40 playouts too (the same seeds: 190-5-5
# against random, 122-78 against greedy; at 10 playouts 186-10-4 and 118-81-1)
# Since session 10 Heroes values leaves by the "hero" evaluation (heroes_eval.py: the material
# plus half a turn of each side's expected wounds at the enemy hero from its flyers, ground
# creatures on the enemy's row 3 and ranged abilities): on seeds 9000..9199 130-70 against greedy
# (the material one 122-78) and 192-3-5 against random (190-5-5; docs/bots.md, session 10, helper D)
# Since session 9 classic Berserk buys its squad by exact search (squad="exact",
# squads.best_squad: the most material the crystals buy) instead of by the search, whose squads
# were 3 points poorer than the greedy bot's with the darkness deck (docs/bots.md, session 9)
# Since session 11 classic Berserk places its squad by a formation (place="formation",
# formation.py: fighters in front, cards that act from afar behind them, artifacts and the cards
# that leave at the reveal last) instead of by the search, which placed at random (every placement
# is worth 0 to the prior): the darkness deck's games against greedy on seeds 7100.. 22-24-14
# (the search's 14-32-14), on 7300.. 24-25-11 (13-30-17; docs/bots.md, session 11, helper B)
PROFILES = {"berserk": {"playouts": 40, "depth": 80, "rollout": "greedy", "evaluation": "material", "c": 0.25,
                        "order": "search", "relative": True, "turns": 2, "widen": 6, "squad": "exact",
                        "place": "formation"},
            "heroes": {"playouts": 40, "depth": 4, "rollout": "random", "evaluation": "hero", "c": 0.7,
                       "order": "search"},
            "city2": {"playouts": 10, "depth": 4, "rollout": "greedy", "evaluation": "front", "c": 0.7,
                      "order": "search"},
            "city": {"playouts": 10, "depth": 4, "rollout": "greedy", "evaluation": "material", "c": 0.7,
                     "order": "search"}}

# how the order decision of Berserk (first or second, BR-7.1) is made: "search" like any
# other decision, or "squads": by the squads each choice leads to (bots/squads.py)
ORDERS = ("search", "squads")
# how a classic seat buys its squad: "search" like any other decision, or "exact": the squad of
# the most material (squads.best_squad)
SQUADS = ("search", "exact")
# how a classic seat places its squad: "search" like any other decision, or "formation": by
# `formation.formation` (fighters in front, cards that act from afar behind, BR-8.1, BR-8.2)
PLACES = ("search", "formation")

# leaf evaluations: `base.evaluate` (material lead), `progress.progress_evaluate`, or City's
# `city_eval.front_evaluate` (the progress lead less the district each side is likely to lose next),
# or Heroes' `heroes_eval.hero_evaluate` (the material plus the pressure on each enemy hero)
EVALUATIONS = {"material": evaluate, "progress": progress_evaluate, "threat": threat_evaluate, "front": front_evaluate,
               "hero": hero_evaluate}
# the material behind each evaluation, for `relative=True` (the lead's change since the root)
MATERIALS = {"material": material, "progress": progress_material, "front": front_material, "hero": hero_material}

# a relative value of +-1 (a playout that ended the game) mapped back to an absolute one
_ATANH_CAP = 0.999999


def profile_key(game: str, players: int = 2) -> str:
    """The key of `PROFILES` for a game ("berserk", "heroes" or "city") and its number of players."""
    return "city2" if game == "city" and players == 2 else game


# the settings a bot may leave to the game's profile (None: taken from `PROFILES` per game)
PROFILED = ("depth", "c", "rollout", "evaluation", "order", "relative", "turns", "widen", "calibrate", "squad",
            "place")


def profile_bot(playouts: int | None, seed: int = 0, **given) -> "MCTSBot":
    """An `MCTSBot` that takes every setting of `PROFILED` not `given` from the game's profile
    (what the apps' levels and the tournament play)."""
    return MCTSBot(playouts=playouts, seed=seed, **{**dict.fromkeys(PROFILED), **given})


def profile_evaluation(state):
    """The leaf evaluation of `state`'s profile (`PROFILES`): what the apps' hint and review value
    positions by, so their win chances are on the bot's own scale."""
    return EVALUATIONS[PROFILES[game_key(state)]["evaluation"]]


def game_key(state) -> str:
    """The key of `PROFILES` for a state: "berserk" (classic), "heroes", "city2" (2 players) or
    "city" (3-4 players)."""
    if state.GAME == "city":
        return profile_key("city", state.num_players())
    return "heroes" if getattr(state, "mode", "classic") == "heroes" else "berserk"


# Berserk actions whose dice a root edge stratifies (`chance="strata"`): a strike rolls two d6
# (BR-10.3), an ability at most one; faces an action does not roll are dropped by `apply`
STRATIFIED = frozenset(("strike", "use"))


def _turn_owner(s):
    """Whose turn it is (a Berserk battle's active player, who may wait for the other's
    defence; else the player to move)."""
    if s.GAME == "berserk" and s.phase == "battle":
        return s.active
    return Game.current_player(s)


class _Edge:
    __slots__ = ("n", "w", "k", "p", "avail", "children", "rolls", "perm")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.k = 0          # virtual visits of the prior (root edges with `prior`)
        self.p = 0.0        # the prior's value of those visits
        self.avail = 1
        self.children: dict = {}
        self.rolls = 0
        self.perm = None


def strata(edge: _Edge, rng) -> tuple:
    """The die faces of the edge's next visit: a Latin square over two fair d6, its rows and
    columns shuffled once per edge, so every 6 visits show each face of each die exactly once
    and every 36 visits every pair once (each pair has the exact chance 1/36)."""
    if edge.perm is None:
        a, b = list(range(1, 7)), list(range(1, 7))
        rng.shuffle(a)
        rng.shuffle(b)
        edge.perm = (a, b)
    k = edge.rolls
    edge.rolls += 1
    a, b = edge.perm
    return a[k % 6], b[(k + k // 6) % 6]


class MCTSBot:
    """ISMCTS player. Strength: `playouts` (iterations per decision) or `time_ms` (a time
    budget, not reproducible); `depth` caps a rollout; `c` is the UCB1 exploration constant."""

    name = "mcts"

    def __init__(self, playouts: int | None = None, time_ms: float | None = None, seed: int = 0,
                 depth: int | None = DEFAULT_DEPTH, c: float | None = 0.7, prior: bool = True, prior_visits: int = 3,
                 rollout: str | None = "greedy", eps: float = 0.1, chance: str = "sample",
                 evaluation: str | None = "material", widen: int | None = 0, final: str = "mean",
                 calibrate: bool | None = False, prior_threat: bool = False, order: str | None = "search",
                 relative: bool | None = False, turns: int | None = 0,
                 squad: str | None = "search", place: str | None = "search"):
        if playouts is None and time_ms is None:
            playouts = DEFAULT_PLAYOUTS
        self.playouts, self.time_ms = playouts, time_ms
        self.depth, self.c = depth, c
        self.seed = seed
        self.rng = _random.Random(seed)
        self.prior, self.prior_visits = prior, prior_visits
        if rollout is not None and rollout not in POLICIES:
            raise ValueError(f"unknown rollout {rollout!r}; known: {', '.join(POLICIES)}")
        self.rollout, self.eps = rollout, eps
        if evaluation is not None and evaluation not in EVALUATIONS:
            raise ValueError(f"unknown evaluation {evaluation!r}; known: {', '.join(EVALUATIONS)}")
        self.evaluation = evaluation
        if final not in ("mean", "visits"):
            raise ValueError(f"unknown final {final!r}; known: mean, visits")
        self.widen, self.final = widen, final
        self.calibrate, self.prior_threat = calibrate, prior_threat
        self._shift_sum, self._shift_n = 0.0, 0
        if chance not in ("sample", "strata"):
            raise ValueError(f"unknown chance {chance!r}; known: sample, strata")
        self.chance = chance
        if order is not None and order not in ORDERS:
            raise ValueError(f"unknown order {order!r}; known: {', '.join(ORDERS)}")
        self.order = order
        self.relative, self.turns = relative, turns
        if squad is not None and squad not in SQUADS:
            raise ValueError(f"unknown squad {squad!r}; known: {', '.join(SQUADS)}")
        self.squad = squad
        if place is not None and place not in PLACES:
            raise ValueError(f"unknown place {place!r}; known: {', '.join(PLACES)}")
        self.place = place
        self._prior_values: dict = {}
        self._widen, self._calibrate = widen, calibrate
        self.last_iterations = 0
        self.last_root: dict = {}
        self._rank: dict = {}

    # --- the public face ------------------------------------------------------------------
    def step(self, state, progress=None, cancel=None):
        """The action to play. `progress(fraction)` is called between playouts; `cancel()`
        returning True raises `Cancelled` at the next playout."""
        actions = Game.choices(state)
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            if progress is not None:
                progress(1.0)
            return actions[0]
        return self.analyse(state, progress, cancel)[0][0]

    def analyse(self, state, progress=None, cancel=None):
        """[(action, mean value for the seat to move, visits)], most visited first."""
        seat = Game.current_player(state)
        self._seat = seat
        real = {str(a): a for a in Game.choices(state)}
        if self.buys_exact(state):
            return self._buy_exact(state, seat, real, progress)
        if self.places_formation(state):
            return self._place_formation(state, seat, real, progress)
        # the settings left as None come from the game's profile, fixed for this analysis
        profile = PROFILES[game_key(state)]
        self._depth = self.depth if self.depth is not None else profile["depth"]
        self._c = self.c if self.c is not None else profile["c"]
        self._policy = POLICIES[self.rollout if self.rollout is not None else profile["rollout"]]
        evaluation = self.evaluation if self.evaluation is not None else profile["evaluation"]
        self._evaluate = EVALUATIONS[evaluation]
        self._relative = self.relative if self.relative is not None else profile.get("relative", False)
        self._turns = self.turns if self.turns is not None else profile.get("turns", 0)
        self._widen = self.widen if self.widen is not None else profile.get("widen", 0)
        self._calibrate = self.calibrate if self.calibrate is not None else profile.get("calibrate", False)
        if self._relative and evaluation not in MATERIALS:
            raise ValueError(f"relative values need a material evaluation ({', '.join(MATERIALS)}), not {evaluation!r}")
        self._material = MATERIALS.get(evaluation)
        self._root_sum, self._root_n = 0.0, 0
        view = self.view(state, seat)
        self._rank, self._prior_values = {}, {}
        if self.prior:
            world = self.world(view, seat)
            ranked = GreedyBot.rank(world, seat, self.rng, cancel)
            if self.prior_threat:
                # each action's greedy value less what the opponent's strikes win if the turn
                # ended right after it (threat.reply_threat); the order follows (stable sort)
                ranked = sorted(((a, v - reply_threat(world, a, seat)) for a, v in ranked), key=lambda t: -t[1])
            self._rank = {str(a): i for i, (a, _v) in enumerate(ranked)}
            base = 0.0 if self._relative else lead(world, seat)
            self._prior_values = {str(a): squash(world, base + v) for a, v in ranked}
        last = len(self._rank)
        keys = frozenset(real)
        if self._widen and self._rank:
            keys = frozenset(key for key in real if self._rank.get(key, last) < self._widen) or keys
        root = self._search(view, seat, keys, progress, cancel)
        self.last_root = root         # {action text: root edge (n, w, ...)} of this analysis
        k = self.prior_visits if self._prior_values else 0
        out = []
        shift = self._shift()
        for key, a in real.items():
            e = root.get(key)
            out.append((a, (e.w + e.k * shift) / e.n if e and e.n else 0.0, e.n - k if e and e.n else 0))
        if self._relative:
            out = [(a, self._absolute(state, v), n) for a, v, n in out]
        by_visits = self.final == "visits"

        def order(t):
            """Searched actions first (all of them unless `widen`), then the best mean (or the
            most visits), more visits (or the best mean), the greedy rank, the text."""
            a, v, n = t
            best = (-n, -round(v, 9)) if by_visits else (-round(v, 9), -n)
            return (str(a) not in keys, *best, self._rank.get(str(a), last), str(a))
        out.sort(key=order)
        if self.orders_by_squads(state):
            out = self._order_by_squads(state, view, seat, out)
        return out

    def _absolute(self, state, v: float) -> float:
        """With `relative`, a root action's mean value (the squashed change of the lead) as an
        absolute value: the squashed mean lead of the root's worlds plus that change (monotone in
        `v`, so the order is kept; a value of +-1 stays about +-1)."""
        scale = squash(state, 1.0)
        root = self._root_sum / self._root_n if self._root_n else 0.0
        x = max(-_ATANH_CAP, min(_ATANH_CAP, v))
        return squash(state, root + math.atanh(x) / math.atanh(scale)) if scale else v

    def buys_exact(self, state) -> bool:
        """Is `state` a classic squad-buying decision, and does this bot buy by `squads.best_squad`
        (its `squad`, or the game's profile) rather than by the search?"""
        return self._profiled(state, "squad") == "exact" and is_buy_decision(state)

    def _buy_exact(self, state, seat: int, real: dict, progress=None) -> list:
        """The squad of the most material (`squads.best_squad`, on the seat's view: its own deal
        is open to it) bought a card at a time, the most valuable first, then `done`; the other
        actions follow unvalued (value 0; no playout, so 0 visits for all)."""
        view = self.view(state, seat)
        buy = best_squad(view, seat)
        key = f"buy #{buy[0]}" if buy else "done"
        if key not in real:
            key = "done" if "done" in real else next(iter(real))
        return self._chosen_by_rule(real, key, 0.0, progress)

    def places_formation(self, state) -> bool:
        """Is `state` a classic placement decision, and does this bot place by
        `formation.formation` (its `place`, or the game's profile) rather than by the search?"""
        return self._profiled(state, "place") == "formation" and is_place_decision(state)

    def _place_formation(self, state, seat: int, real: dict, progress=None) -> list:
        """The placement of the formation (`formation.formation_action`, on the seat's view: its
        own squad is open to it) first, the other actions after it; no playout (0 visits). A
        placement changes no material, so every action gets the value of the position itself (the
        evaluation of the bot's or the profile's, on the view)."""
        view = self.view(state, seat)
        # the legal placements of the view are the position's (the seat's own squad and cells)
        key = str(formation_action(view, seat, list(real.values())))
        value = EVALUATIONS[self._profiled(state, "evaluation")](view)[seat]
        return self._chosen_by_rule(real, key, value, progress)

    def _chosen_by_rule(self, real: dict, key: str, value: float, progress=None) -> list:
        """The analysis of a decision made by a rule, not by playouts (`_buy_exact`,
        `_place_formation`): the action `key` of `real` first, the others after it in text
        order, every one with `value` and 0 visits; no root is kept."""
        if progress is not None:
            progress(1.0)
        self.last_root, self._rank, self._prior_values, self.last_iterations = {}, {}, {}, 0
        return [(real[key], value, 0)] + [(a, value, 0) for k, a in sorted(real.items()) if k != key]

    def _profiled(self, state, name: str, default: str = "search"):
        """This bot's setting `name`, or when it is None the game's profile's (`default` when the
        profile has none)."""
        mine = getattr(self, name)
        return mine if mine is not None else PROFILES[game_key(state)].get(name, default)

    def orders_by_squads(self, state) -> bool:
        """Is `state` the order decision, and does this bot make it by the squads each choice
        leads to (its `order`, or the game's profile) rather than by the search?"""
        return self._profiled(state, "order") == "squads" and is_order_decision(state)

    def _order_by_squads(self, state, view, seat: int, out: list) -> list:
        """The order decision of Berserk ranked by the squads each choice leads to
        (`squads.order_values`; its own RNG, so the search's random numbers are the same with
        or without it): value = the squashed mean material lead after both seats' greedy
        building; visits as searched."""
        values = order_values(view, seat, _random.Random(f"{self.seed}:order"))
        ranked = [(a, squash(state, values[str(a)]) if str(a) in values else v, n) for a, v, n in out]
        ranked.sort(key=lambda t: (-round(t[1], 9), -t[2], str(t[0])))
        return ranked

    def view(self, state, seat: int):
        """What the seat may know (`base.seat_view`); the only read of the true position."""
        return seat_view(state, seat)

    def world(self, view, seat: int):
        """One world consistent with the view, from the bot's RNG (`base.sample_world`)."""
        return sample_world(view, seat, self.rng)

    # --- search ---------------------------------------------------------------------------
    def _search(self, view, seat: int, root_keys: frozenset, progress=None, cancel=None) -> dict:
        root: dict = {}
        k = self.prior_visits
        self._shift_sum, self._shift_n = 0.0, 0
        for key, v in self._prior_values.items():
            if key in root_keys and k > 0:
                e = root[key] = _Edge()
                e.n, e.w, e.k, e.p = k, k * v, k, v
        start = time.perf_counter()
        deadline = start + self.time_ms / 1000 if self.time_ms is not None else None
        i = 0
        while True:
            if self.playouts is not None and i >= self.playouts:
                break
            now = time.perf_counter()
            if deadline is not None and i > 0 and now >= deadline:
                break
            if cancel is not None and cancel():
                raise Cancelled()
            if progress is not None:
                done = i / self.playouts if self.playouts else (now - start) / (deadline - start)
                progress(min(1.0, done))
            self._iterate(self.world(view, seat), root, root_keys)
            i += 1
        self.last_iterations = i
        if progress is not None:
            progress(1.0)
        return root

    def _shift(self) -> float:
        """With `calibrate`, what the prior's virtual visits are moved by: the mean of (playout
        value - the greedy prior of the root action it went through) over the playouts so far,
        so the prior ranks the actions and the playouts set the scale (a one-step material
        value and a rollout's value differ by a position-wide offset; left as is, the prior
        favours whichever actions were visited least when the playouts come out lower)."""
        return self._shift_sum / self._shift_n if self._calibrate and self._shift_n else 0.0

    def _iterate(self, w, root: dict, root_keys: frozenset) -> None:
        rng, c = self.rng, self._c
        shift = self._shift()
        node, path, depth = root, [], 0
        cap = self._depth
        base = None
        if self._relative:
            base = leads(self._material(w))
            self._root_sum += base[self._seat]
            self._root_n += 1
        # with `turns`, the playout (tree walk and rollout) stops once that many turns have
        # ended since the root (a change of `_turn_owner`), or at `depth` actions anyway
        turns = self._turns
        owner, ended = _turn_owner(w), 0

        def go_on() -> bool:
            return depth < cap and not (turns and ended >= turns) and not Game.is_terminal(w)

        def stepped() -> None:
            """An action was played: count it, and a turn if another player's turn began."""
            nonlocal depth, owner, ended
            depth += 1
            if turns:
                now = _turn_owner(w)
                if now != owner:
                    owner, ended = now, ended + 1

        while go_on():
            player = Game.current_player(w)
            legal = Game.choices(w)
            if node is root:
                legal = [a for a in legal if str(a) in root_keys] or legal
            keyed = [(str(a), a) for a in legal]
            untried = [(k, a) for k, a in keyed if k not in node]
            if untried:
                if node is root and self._rank:
                    last = len(self._rank)
                    k, a = min(untried, key=lambda ka: self._rank.get(ka[0], last))
                else:
                    a = weighted_choice(w, [a for _k, a in untried], rng)
                    k = str(a)
                for k2, _a in keyed:
                    if k2 in node:
                        node[k2].avail += 1
                edge = node[k] = _Edge()
                self._apply(w, a, edge, node is root)
                path.append((edge, player))
                stepped()
                break
            best, best_u = None, -1e18
            for k, a in keyed:
                e = node[k]
                e.avail += 1
                u = (e.w + e.k * shift) / e.n + c * math.sqrt(math.log(e.avail) / e.n) if e.n else 1e9
                if u > best_u:
                    best, best_u = (e, a), u
            edge, a = best
            self._apply(w, a, edge, node is root)
            path.append((edge, player))
            node = edge.children
            stepped()
        policy, eps = self._policy, self.eps
        while go_on():
            Game.apply(w, policy(w, Game.choices(w), rng, eps))
            stepped()
        if base is None:
            value = self._evaluate(w)
        elif Game.is_terminal(w):
            # a win or a loss is +-1 as always; a draw takes the lead to 0, so it is worth
            # as much as losing the root's lead (good for the seat behind, bad for the one ahead)
            value = [r if r else squash(w, -x0) for r, x0 in zip(Game.returns(w), base)]
        else:
            value = [squash(w, x - x0) for x, x0 in zip(leads(self._material(w)), base)]
        for edge, player in path:
            edge.n += 1
            edge.w += value[player]
        if path and path[0][0].k:
            edge, player = path[0]
            self._shift_sum += value[player] - edge.p
            self._shift_n += 1

    def _apply(self, w, a, edge: _Edge, at_root: bool) -> None:
        """Apply a tree action; at the root, with `chance="strata"`, a Berserk strike or
        ability shows the edge's stratified dice (`strata`) instead of the world's."""
        if at_root and self.chance == "strata" and w.GAME == "berserk" and Game.kind(a) in STRATIFIED:
            w.apply(a, history=False, dice=strata(edge, self.rng))
        else:
            Game.apply(w, a)
