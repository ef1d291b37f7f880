"""Classic Berserk's squad bought by exact search (`MCTSBot(squad="exact")`, the classic profile
since session 9; bots/squads.py `best_squad`): the squad of the most material (cost plus 2 per
life) the crystals buy under the rules of buying (BR-3, BR-4, BR-7.3, BR-7.5).
"""
import pytest

from berserk_kernel.berserk import new_game
from berserk_kernel.bots import GreedyBot, MCTSBot
from berserk_kernel.bots.advice import suggest
from berserk_kernel.bots.base import Game, material
from berserk_kernel.bots.mcts import PROFILES, profile_bot
from berserk_kernel.bots.squads import best_squad, is_buy_decision


def buying(seed: int, second: bool = False):
    """Game `seed` at the first purchase of its first builder, or (`second`) of the other seat after
    the first one bought by the greedy bot."""
    s = new_game(seed=seed)
    s.apply(Game.choices(s)[0])                 # the order decision
    assert is_buy_decision(s)
    if second:
        at, bot = s.active, GreedyBot(seed)
        while s.active == at:
            s.apply(bot.step(s))
        assert is_buy_decision(s) and s.active != at
    return s


def most_material_by_the_kernel(s) -> float:
    """The most material of the seat to buy over every set of its deal the kernel lets it buy
    (each set tried by buying its cards in the deal's uid order on copies: the kernel's own
    check of crystals, penalty, terrain and flyers)."""
    seat = s.active
    best = material(s)[seat]

    def go(w, last):
        nonlocal best
        best = max(best, material(w)[seat])
        for a in Game.choices(w):
            if a.kind == "buy" and a.card > last:
                w2 = w.copy()
                w2.apply(a, history=False)
                go(w2, a.card)

    go(s, -1)
    return best


@pytest.mark.parametrize("seed, second", [(3, False), (11, True)])
def test_best_squad_is_the_most_material_the_kernel_allows(seed, second):
    s = buying(seed, second)
    seat = s.active
    buy = best_squad(s, seat)
    w = s.copy()
    for uid in buy:                               # any order is legal: the constraints only grow
        w.apply(f"buy #{uid}", history=False)
    assert material(w)[seat] == most_material_by_the_kernel(s)
    assert [u for u in buy if u not in s.seats[seat].deal] == []


def test_the_profile_buys_the_exact_squad_a_card_at_a_time_then_done():
    assert PROFILES["berserk"]["squad"] == "exact" and "squad" not in PROFILES["heroes"]
    s = buying(11)
    seat = s.active
    expect = material(s)[seat]
    w = s.copy()
    for uid in best_squad(s, seat):
        w.apply(f"buy #{uid}", history=False)
    expect = material(w)[seat]
    bot = profile_bot(8, seed=1)
    bought = []
    while s.active == seat and s.phase == "build":
        a = bot.step(s)
        assert str(a) in {str(x) for x in Game.choices(s)}
        bought.append(str(a))
        s.apply(a)
    assert bought[-1] == "done" and all(b.startswith("buy #") for b in bought[:-1])
    assert material(s)[seat] == expect
    # told to search, the same bot buys by its playouts (no exact squad)
    searched = MCTSBot(playouts=8, seed=1, squad="search")
    assert not searched.buys_exact(buying(11))
    with pytest.raises(ValueError, match="unknown squad"):
        MCTSBot(squad="best")


def test_the_buy_hint_says_the_squad_was_searched_exactly():
    s = buying(3)
    adv = suggest(s, level=8, seed=1)
    assert adv.setup and Game.kind(adv.action) == "buy" and adv.rule_ids == ("BR-7.3", "BR-7.5")
    assert adv.order_look == "squad" and all(n == 0 for _a, _v, n in adv.alternatives)   # no playouts
    assert int(str(adv.action).split("#")[1]) == best_squad(s, s.active)[0]
    assert "перебрал все наборы карт из раздачи" in adv.reason["ru"]
    assert "tried every set of cards from the deal" in adv.reason["en"]
    assert "%" not in adv.reason["ru"] and "%" not in adv.reason["en"]
