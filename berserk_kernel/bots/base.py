"""One adapter over both games' public API, the seat view, world sampling and evaluation.

The kernel's shared contract (core/contract.py of issue 10) is not there yet, so this module
spells the few things the bots need once for both games:

  Game.current_player(s)   Berserk `to_move`, City `current_player()`; None when over
  Game.is_terminal(s)      phase "over"
  Game.returns(s)          per seat: +1 win, -1 loss, 0 draw; City winners share +1
  Game.legal_actions(s)    the kernel's `legal_actions()`
  Game.apply(s, a)         `apply(a, history=False)` (on a copy, for search)
  Game.copy(s)             the kernel's `copy()`

`seat_view(state, seat)` is what that seat may know: a copy in which the identities of the
cards it cannot see are replaced by a canonical assignment (sorted card ids on sorted uids),
every deck and the City event deck are put in sorted order, and the dice are re-seeded to 0
(forced dice, which a scenario shows, are kept). Two positions that differ only in hidden things
give the same view. `sample_world(view, seat, rng)` then deals the hidden identities at random
from the same multiset, shuffles the decks and re-seeds the dice from the bot's RNG: a full
position consistent with the view. A bot that searches only sampled worlds cannot peek.
"""
from __future__ import annotations

import math

from ..core.dice import Dice

class Cancelled(Exception):
    """A bot's search was stopped by its `cancel()` callback (raised between playouts)."""


HIDDEN_ZONES = frozenset(("deck", "deal", "squad", "hand", "removed"))
PLAY_ZONES = frozenset(("field", "aux", "attached"))


CITY_TURN_CAP = 12
_TURN_START = frozenset(("end", "income", "draw", "pick"))


def _turn_length(s) -> int:
    n = 0
    for a in reversed(s.actions):
        if a.verb in _TURN_START:
            break
        n += 1
    return n


def game_of(state) -> str:
    """"berserk" or "city" (the kernel's GAME attribute)."""
    return state.GAME


class Game:
    """Static adapter: the same words for both games."""

    @staticmethod
    def current_player(s):
        if s.GAME == "city":
            return s.current_player()
        return s.to_move

    @staticmethod
    def is_terminal(s) -> bool:
        return s.phase == "over"

    @staticmethod
    def players(s) -> int:
        return s.players if s.GAME == "city" else 2

    @staticmethod
    def returns(s) -> list[float]:
        n = Game.players(s)
        if s.phase != "over":
            return [0.0] * n
        if s.GAME == "city":
            winners = set(s.winners or ())
            if not winners or len(winners) == n:
                return [0.0] * n
            return [1.0 / len(winners) if p in winners else -1.0 for p in range(n)]
        if s.winner in (0, 1):
            return [1.0 if p == s.winner else -1.0 for p in range(2)]
        return [0.0, 0.0]

    @staticmethod
    def legal_actions(s) -> list:
        return s.legal_actions()

    @staticmethod
    def choices(s) -> list:
        """The legal actions a bot considers: all of them, except that a City player who has
        made `CITY_TURN_CAP` actions this turn only ends it (the rules set no limit on
        redeploys, so back-and-forth moves could go on for ever)."""
        actions = s.legal_actions()
        if s.GAME == "city" and s.phase == "actions" and _turn_length(s) >= CITY_TURN_CAP:
            return [a for a in actions if a.verb == "end"] or actions
        return actions

    @staticmethod
    def apply(s, action):
        s.apply(action, history=False)
        return s

    @staticmethod
    def copy(s):
        return s.copy()

    @staticmethod
    def kind(action) -> str:
        return action.verb if hasattr(action, "verb") else action.kind


# --- what a seat may know ------------------------------------------------------------------

def hidden_uids(s, seat: int) -> list[int]:
    """Berserk: uids of the cards whose identity `seat` cannot see (the other seat's cards in
    its deck, deal, squad, hand or set aside, and its face-down cards in play), sorted."""
    return sorted(u for u, c in s.cards.items()
                  if c.owner != seat and (c.zone in HIDDEN_ZONES or (c.zone in PLAY_ZONES and c.face_down)))


def seat_view(state, seat: int):
    """A copy of `state` with everything `seat` cannot know made canonical (see the module)."""
    v = state.copy()
    forced = list(state.dice.forced)
    v.dice = Dice(0, forced=forced)
    if v.GAME == "city":
        v.deck = sorted(v.deck)
        return v
    uids = hidden_uids(v, seat)
    ids = sorted(v.cards[u].card for u in uids)
    for u, cid in zip(uids, ids):
        v.cards[u].card = cid
    for p in v.seats:
        p.deck.sort()
    return v


def sample_world(view, seat: int, rng):
    """A full position consistent with `view` for `seat`: hidden identities dealt at random,
    deck orders shuffled, future dice re-seeded, all from `rng` (a `random.Random`)."""
    w = view.copy()
    w.dice = Dice(rng.getrandbits(62), forced=list(view.dice.forced))
    if w.GAME == "city":
        rng.shuffle(w.deck)
        return w
    uids = hidden_uids(w, seat)
    ids = [w.cards[u].card for u in uids]
    rng.shuffle(ids)
    for u, cid in zip(uids, ids):
        w.cards[u].card = cid
    for p in w.seats:
        rng.shuffle(p.deck)
    return w


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
    m = material(s)
    out = []
    for p, mine in enumerate(m):
        best_other = max(x for q, x in enumerate(m) if q != p)
        out.append(squash(s, mine - best_other))
    return out


def squash(s, lead: float) -> float:
    """A material lead as a value in (-1, 1) (tanh, 10 points City, 25 Berserk)."""
    return math.tanh(lead / (10.0 if s.GAME == "city" else 25.0))
