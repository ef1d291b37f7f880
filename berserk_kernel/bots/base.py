"""The bots' view of a game: the kernel's contract (core/contract.py), evaluation.

The bots read a game only through the shared contract both games keep:

  Game.current_player(s)   `s.current_player()`; None when over
  Game.is_terminal(s)      `s.is_terminal()`
  Game.returns(s)          `s.returns()`: +1 win, -1 loss, 0 draw; City winners share
  Game.legal_actions(s)    `s.legal_actions()`
  Game.apply(s, a)         `s.apply(a, history=False)` (on a clone, for search)
  Game.copy(s)             `s.clone()` (no log, no undo history)

`seat_view(state, seat)` is `state.view(seat)`: a copy in which what that seat cannot know
(hidden card identities, deck orders, the City event deck order, the dice's seed) is made
canonical. `sample_world(view, seat, rng)` is `view.sample_world(seat, rng)`: hidden identities
dealt at random from the multiset the seat can infer, decks shuffled, future dice re-seeded from
the bot's RNG. A bot that searches only sampled worlds cannot peek.

One thing the rules leave open is settled here for the bots: `Game.capped` ends a City turn
after `CITY_TURN_CAP` actions (the rules set no limit on redeploys), and `Game.choices` offers
no more redeploys after `CITY_REDEPLOY_CAP` in a turn. The material evaluation cannot see what
a redeploy is for, so a search picked one of the many redeploys by noise rather than ending its
turn and moved forces back and forth ("redeploy 5>10 1", "redeploy 10>5 1"...); a student
playing the computer saw it. With the cap MCTS won 111 of 189 City games against greedy where it
had won 113 of the same seeds (docs/bots.md).
"""
from __future__ import annotations

import math

from ..berserk.hidden import HIDDEN_ZONES, PLAY_ZONES, hidden_uids  # noqa: F401 (re-exported)


class Cancelled(Exception):
    """A bot's search was stopped by its `cancel()` callback (raised between playouts)."""


CITY_TURN_CAP = 12
CITY_REDEPLOY_CAP = 2
_TURN_START = frozenset(("end", "income", "draw", "pick"))


def _turn_length(s) -> tuple[int, int]:
    """(actions, redeploys) of the City player to move in this turn so far."""
    n = r = 0
    for a in reversed(s.actions):
        if a.verb in _TURN_START:
            break
        n += 1
        r += a.verb == "redeploy"
    return n, r


COUNTED = frozenset(("attack", "move", "redeploy", "reinforce"))


def _three_counts(actions) -> list:
    groups: dict = {}
    out = []
    for a in actions:
        if a.verb in COUNTED:
            groups.setdefault((a.verb, a.src, a.dst), []).append(a)
        else:
            out.append(a)
    for group in groups.values():
        if len(group) <= 3:
            out.extend(group)
            continue
        group.sort(key=lambda a: a.count)
        out.extend((group[0], group[len(group) // 2], group[-1]))
    return out


def game_of(state) -> str:
    """"berserk" or "city" (the kernel's GAME attribute)."""
    return state.GAME


class Game:
    """Static adapter: the contract's words, plus the bots' City turn cap."""

    @staticmethod
    def current_player(s):
        return s.current_player()

    @staticmethod
    def is_terminal(s) -> bool:
        return s.is_terminal()

    @staticmethod
    def players(s) -> int:
        return s.num_players()

    @staticmethod
    def returns(s) -> list[float]:
        return s.returns()

    @staticmethod
    def legal_actions(s) -> list:
        return s.legal_actions()

    @staticmethod
    def capped(s) -> list:
        """The legal actions, except that a City player who has made `CITY_TURN_CAP` actions
        this turn only ends it (the rules set no limit on redeploys, so back-and-forth moves
        could go on for ever)."""
        actions = s.legal_actions()
        if s.GAME == "city" and s.phase == "actions" and _turn_length(s)[0] >= CITY_TURN_CAP:
            return [a for a in actions if a.verb == "end"] or actions
        return actions

    @staticmethod
    def choices(s) -> list:
        """The legal actions a bot considers: `capped`, and in City, of the actions that
        differ only in their count of forces (attack, move, redeploy, reinforce from the same
        place to the same place) only the smallest, the middle and the largest count (a City
        turn offers hundreds of counts; the bots weigh three); and no more redeploys once a
        City player has made `CITY_REDEPLOY_CAP` of them this turn."""
        actions = Game.capped(s)
        if s.GAME != "city":
            return actions
        if s.phase == "actions" and _turn_length(s)[1] >= CITY_REDEPLOY_CAP:
            actions = [a for a in actions if a.verb != "redeploy"] or actions
        return _three_counts(actions)

    @staticmethod
    def apply(s, action):
        s.apply(action, history=False)
        return s

    @staticmethod
    def copy(s):
        return s.clone()

    @staticmethod
    def kind(action) -> str:
        return action.verb if hasattr(action, "verb") else action.kind


# --- what a seat may know ------------------------------------------------------------------

def seat_view(state, seat: int):
    """What `seat` may know (the contract's `view`)."""
    return state.view(seat)


def sample_world(view, seat: int, rng):
    """A full position consistent with `view` for `seat`, from `rng` (the contract's
    `sample_world`)."""
    return view.sample_world(seat, rng)


# --- material evaluation --------------------------------------------------------------------

HERO_LIFE = 6.0


def life_weight(s, c) -> float:
    """What one life of a Berserk card is worth: 2, or `HERO_LIFE` for a Heroes hero (its last
    wound loses the game, HR-503.1)."""
    return HERO_LIFE if s.seats[c.owner].hero == c.uid else 2.0


def card_value(s, c) -> float:
    """A Berserk card's worth to its owner: cost plus its lives left times `life_weight` if it
    is a creature in play or bought; nothing in the deck, the deal or the graveyard."""
    if c.zone not in PLAY_ZONES and c.zone != "squad":
        return 0.0
    d = s.defs[c.card]
    left = max(0, d.lives - c.wounds) if d.lives else 0
    return d.cost + life_weight(s, c) * left


def seat_of(s, player) -> int:
    """The index at which `player` (a seat object of `s` taken earlier, `s.seats[i]`) sits now.
    A Berserk game re-orders its seats once the first player is chosen (seat 0 always moves
    first, BR-7.1; setup.do_order): a player keeps its name, deck and cards and moves to the
    other index. A City player keeps its index."""
    seats = getattr(s, "seats", None)
    if seats is None:
        return player
    for i, p in enumerate(seats):
        if p is player:
            return i
    raise ValueError("not a seat of this game")


def players_of(s) -> list:
    """Who sits at each index now, to follow with `seat_of` (a City player is its index)."""
    seats = getattr(s, "seats", None)
    return list(seats) if seats is not None else list(range(s.num_players()))


def in_setup(s) -> bool:
    """Are the seats still choosing what they start with (Berserk: the order and the squads,
    BR-7.1, BR-7.5; City: the start districts, CITY-2.2)? Then the material compares only what
    some seats already hold: a win chance read from it would say nothing yet."""
    if s.GAME == "city":
        return s.phase == "pick"
    return s.phase in ("order", "build")


def material(s) -> list[float]:
    """Raw material per seat (Berserk: card values; City: 3 per district, 1 per force, half a
    point per influence)."""
    if s.GAME == "city":
        return [3.0 * s.count_districts(p) + s.total_forces(p) + 0.5 * s.influence[p] for p in range(s.players)]
    out = [0.0, 0.0]
    for c in s.cards.values():
        if c.zone in PLAY_ZONES or c.zone == "squad":
            out[c.owner] += card_value(s, c)
    return out


def evaluate(s) -> list[float]:
    """A value in (-1, 1) per seat: the exact returns when the game is over, else the material
    lead over the best opponent squashed by tanh."""
    if s.phase == "over":
        return Game.returns(s)
    return [squash(s, x) for x in leads(material(s))]


def leads(m: list) -> list:
    """Each seat's lead over the best other seat, from the seats' material `m`."""
    return [mine - max(x for q, x in enumerate(m) if q != p) for p, mine in enumerate(m)]


def squash(s, lead: float) -> float:
    """A material lead as a value in (-1, 1) (tanh, 10 points City, 25 Berserk)."""
    return math.tanh(lead / (10.0 if s.GAME == "city" else 25.0))
