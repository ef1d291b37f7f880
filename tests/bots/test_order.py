"""The order decision of classic Berserk (BR-7.1) valued by the squads it leads to (bots/squads.py).

Seat 0 always moves first after the choice, so for a seat the choice decides which deck it
plays. Tournament game 15 on seeds 9000.. (MCTS in seat 1 wins the roll): the search picks
"second" by noise (both choices are worth 0 one step ahead) and plays darkness_swamp_steppe;
the squads look picks "first" and plays mountain_forest, whose greedy squads are worth more.
"""
import pytest

from berserk_kernel.berserk import new_game
from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.base import Game, seat_view
from berserk_kernel.bots.squads import is_order_decision, order_values, squads_lead
from berserk_kernel.bots.tournament import make_bot, new_state, parse_mcts

import random

GAME, SEAT = 9015, 1
BOT_SEED = 9000 * 1000 + 15 * 10 + SEAT      # the tournament's seed of bot A in game 15


def order_state():
    s = new_state("berserk", GAME, 2, 50)
    assert s.phase == "order" and Game.current_player(s) == SEAT
    return s


def deck_of(s, seat):
    """The deck `seat` plays: uid 1 is the first card of mountain_forest (decks[0])."""
    return "mountain_forest" if s.cards[1].owner == seat else "darkness_swamp_steppe"


def test_the_squads_look_takes_the_deck_whose_squads_are_worth_more():
    searched = make_bot("mcts", BOT_SEED, 10, None, parse_mcts("order=search"))
    looked = make_bot("mcts", BOT_SEED, 10, None, parse_mcts("order=squads"))
    s = order_state()
    before = s.key()
    a_search, a_squads = searched.step(s), looked.step(s)
    assert (str(a_search), str(a_squads)) == ("second", "first")
    assert s.key() == before                          # the state is left unchanged
    after = {}
    for a in (a_search, a_squads):
        w = Game.copy(s)
        Game.apply(w, a)
        after[str(a)] = deck_of(w, SEAT)
    assert after == {"second": "darkness_swamp_steppe", "first": "mountain_forest"}


def test_order_values_are_the_mean_lead_after_both_greedy_builds():
    s = order_state()
    view = seat_view(s, SEAT)
    values = order_values(view, SEAT, random.Random(1), worlds=2)
    assert set(values) == {"first", "second"}
    assert values["first"] > 0 > values["second"]
    # one world by hand: the same numbers in the same order give the same mean
    rng = random.Random(1)
    total = {"first": 0.0, "second": 0.0}
    for _ in range(2):
        world = view.sample_world(SEAT, rng)
        for a in Game.choices(world):
            total[str(a)] += squads_lead(world, a, SEAT, rng)
    assert values == {k: v / 2 for k, v in total.items()}


def test_the_look_leaves_the_search_and_its_visits_unchanged():
    s = order_state()
    plain = MCTSBot(playouts=10, seed=BOT_SEED, depth=None, rollout=None, evaluation=None, c=None, order="search")
    look = MCTSBot(playouts=10, seed=BOT_SEED, depth=None, rollout=None, evaluation=None, c=None, order="squads")
    visits = lambda res: sorted((str(a), n) for a, _v, n in res)
    assert visits(plain.analyse(s)) == visits(look.analyse(s))
    assert plain.rng.getstate() == look.rng.getstate()       # the look has its own RNG


def test_the_order_decision_is_looked_at_in_classic_and_heroes_only():
    assert is_order_decision(order_state())
    heroes = new_game(seed=GAME, options={"turn_limit": 50}, mode="heroes")
    assert heroes.phase == "order" and is_order_decision(heroes)
    s = order_state()
    Game.apply(s, Game.choices(s)[0])
    assert s.phase == "build" and not is_order_decision(s)


def test_in_heroes_the_look_plays_the_first_turns_and_takes_the_first_deck():
    """Heroes game 1 on seeds 9300.. (MCTS in seat 1 wins the roll): no squad building, the look
    plays the greedy bot until turn HEROES_LOOK_TURN; the search picks "second" by noise."""
    s = new_state("heroes", 9301, 2, 80)
    assert s.phase == "order" and Game.current_player(s) == 1
    seed = 9300 * 1000 + 1 * 10 + 1
    searched = make_bot("mcts", seed, 10, None, parse_mcts("order=search"))
    looked = make_bot("mcts", seed, 10, None)                 # the Heroes profile: squads
    assert (str(searched.step(s)), str(looked.step(s))) == ("second", "first")
    w = Game.copy(s)
    Game.apply(w, Game.choices(w)[0])
    assert str(Game.choices(s)[0]) == "first" and deck_of(w, 1) == "mountain_forest"
    a = [x for x in Game.choices(s) if str(x) == "first"][0]
    world = seat_view(s, 1).sample_world(1, random.Random(3))
    rng = random.Random(4)
    after = Game.copy(world)
    Game.apply(after, a)
    value = squads_lead(world, a, 1, rng)
    assert after.turn == 1 and world.phase == "order"          # the world itself is not played on
    assert value != 0.0


def test_unknown_order_is_refused():
    with pytest.raises(ValueError, match="unknown order"):
        MCTSBot(order="guess")
    assert parse_mcts("order=squads") == (("order", "squads"),)


def test_the_berserk_profiles_look_at_the_squads_and_city_searches():
    from berserk_kernel.bots.mcts import PROFILES
    assert [PROFILES[k]["order"] for k in ("berserk", "heroes", "city2", "city")] == ["squads", "squads", "search", "search"]
    default = make_bot("mcts", BOT_SEED, 10, None)          # the tournament's bot: order from the profile
    assert str(default.step(order_state())) == "first"
    assert MCTSBot(playouts=10, seed=BOT_SEED).order == "search"         # MCTSBot's own default
