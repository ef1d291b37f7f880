"""The MCTS bot does not peek: hidden things may change, its choice may not.

With the same bot seed, permuting the identities of the cards its seat cannot see (the enemy's
face-down cards, deck, deal and squad), the order of every deck, the City event deck order and
the game's future dice leaves its whole analysis unchanged. A deliberately peeking variant (it
searches the true position) changes its analysis under the same permutation, and the sampler's
worlds do differ from the true position: the test can fail.
"""
import random

from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.base import Game, hidden_uids, sample_world, seat_view
from berserk_kernel.core.dice import Dice

from .positions import position


class PeekingMCTS(MCTSBot):
    """Searches the true position with re-seeded dice: it sees the hidden cards."""

    def view(self, state, seat):
        return state.copy()

    def world(self, view, seat):
        w = view.copy()
        w.dice = Dice(self.rng.getrandbits(62), forced=list(view.dice.forced))
        return w


def battle_with_face_down_cards():
    """A classic battle position whose player to move cannot see some enemy cards in play."""
    for seed in range(1, 60):
        for steps in (40, 60, 80):
            s = position("berserk", seed, steps)
            if s.phase != "battle" or s.stage != "battle":
                continue
            seat = Game.current_player(s)
            if any(s.cards[u].zone == "field" for u in hidden_uids(s, seat)):
                return s
    raise AssertionError("no battle position with face-down enemy cards among the seeds")


def permuted(s, seat, seed=3):
    """The same position, the hidden identities, deck orders and future dice changed."""
    t = s.copy()
    rng = random.Random(seed)
    uids = hidden_uids(t, seat)
    ids = [t.cards[u].card for u in uids]
    while True:
        new = ids[:]
        rng.shuffle(new)
        if new != ids:
            break
    for u, cid in zip(uids, new):
        t.cards[u].card = cid
    for p in t.seats:
        rng.shuffle(p.deck)
    t.dice = Dice(12345)
    return t


def analysis(bot_cls, s):
    return [(str(a), round(v, 9), n) for a, v, n in bot_cls(playouts=12, depth=6, seed=7).analyse(s)]


def test_berserk_hidden_cards_do_not_change_the_choice():
    s = battle_with_face_down_cards()
    seat = Game.current_player(s)
    t = permuted(s, seat)
    assert [s.cards[u].card for u in hidden_uids(s, seat)] != [t.cards[u].card for u in hidden_uids(t, seat)]
    assert {str(a) for a in s.legal_actions()} == {str(a) for a in t.legal_actions()}
    assert analysis(MCTSBot, s) == analysis(MCTSBot, t)
    # the peeking variant sees the difference
    assert analysis(PeekingMCTS, s) != analysis(PeekingMCTS, t)


def test_the_sampler_deals_hidden_cards_anew():
    s = battle_with_face_down_cards()
    seat = Game.current_player(s)
    uids = hidden_uids(s, seat)
    truth = [s.cards[u].card for u in uids]
    view = seat_view(s, seat)
    rng = random.Random(1)
    worlds = [[w.cards[u].card for u in uids] for w in (sample_world(view, seat, rng) for _ in range(5))]
    assert any(w != truth for w in worlds)
    assert all(sorted(w) == sorted(truth) for w in worlds)      # the same unseen cards
    # what the seat can see is the same in every world
    seen = {u: c.card for u, c in s.cards.items() if u not in set(uids)}
    w = sample_world(view, seat, rng)
    assert {u: w.cards[u].card for u in seen} == seen


def test_city_event_deck_order_and_dice_do_not_change_the_choice():
    s = position("city", 4, 30)
    assert len(s.deck) >= 2
    t = s.copy()
    t.deck = list(reversed(s.deck))
    t.dice = Dice(999)
    assert analysis(MCTSBot, s) == analysis(MCTSBot, t)
    assert analysis(PeekingMCTS, s) != analysis(PeekingMCTS, t)
