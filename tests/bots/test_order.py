"""The order decision of classic Berserk and Heroes (BR-7.1) valued by the squads it leads to
(bots/squads.py). The roll winner chooses to move first or second; the kernel then puts the first
player at index 0, so a player may change index but keeps its name, deck and cards: the look and
the tournament follow the player, not the index (base.seat_of). Tournament game 15 on seeds 9000..
has MCTS in seat 1 winning the roll.
"""
import pytest

from berserk_kernel.berserk import new_game
from berserk_kernel.bots import GreedyBot, MCTSBot, RandomBot
from berserk_kernel.bots.base import Game, seat_of, seat_view
from berserk_kernel.bots.greedy import lead
from berserk_kernel.bots.squads import is_order_decision, order_values, squads_lead
from berserk_kernel.bots.tournament import make_bot, new_state, parse_mcts, play

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


def build_by_hand(world, action, rng):
    """What squads_lead plays, written out: the action, then both seats' greedy squad building."""
    w = Game.copy(world)
    Game.apply(w, action)
    while not Game.is_terminal(w) and w.phase == "build":
        Game.apply(w, GreedyBot.rank(w, Game.current_player(w), rng)[0][0])
    return w


def test_the_choice_decides_who_moves_first_and_each_player_keeps_its_deck():
    # BR-7.1: the roll winner chooses to move first or second; the kernel puts the first player
    # at index 0 (setup.do_order), so a player changes index but keeps its name, deck and cards
    s = order_state()
    me = s.seats[SEAT]
    mine = deck_of(s, SEAT)
    for choice, index in (("first", 0), ("second", 1)):
        w = Game.copy(s)
        chooser = w.seats[SEAT]
        Game.apply(w, choice)
        assert seat_of(w, chooser) == index and w.seats[index].name == me.name
        assert deck_of(w, index) == mine


def test_the_look_values_each_choice_by_the_choosers_own_squad():
    # the lead is read for the chooser's player where it sits after the choice: after "first"
    # seat 1's player sits at index 0 (read at index 1, it was the opponent's lead, negated)
    s = order_state()
    world = seat_view(s, SEAT).sample_world(SEAT, random.Random(3))
    name = world.seats[SEAT].name
    for choice in ("first", "second"):
        a = [x for x in Game.choices(world) if str(x) == choice][0]
        value = squads_lead(world, a, SEAT, random.Random(5))
        w = build_by_hand(world, a, random.Random(5))
        at = [p.name for p in w.seats].index(name)
        assert value == lead(w, at) and value != 0.0
    assert world.phase == "order"                             # the world itself is not played on


def test_order_values_are_the_mean_lead_after_both_greedy_builds():
    s = order_state()
    view = seat_view(s, SEAT)
    values = order_values(view, SEAT, random.Random(1), worlds=2)
    assert set(values) == {"first", "second"}
    # by hand: the same numbers in the same order give the same mean
    rng = random.Random(1)
    total = {"first": 0.0, "second": 0.0}
    for _ in range(2):
        world = view.sample_world(SEAT, rng)
        for a in Game.choices(world):
            total[str(a)] += squads_lead(world, a, SEAT, rng)
    assert values == {k: v / 2 for k, v in total.items()}


def test_the_tournament_keeps_each_bot_with_its_player():
    # a bot plays the player it starts with, whatever index the order choice gives that player;
    # the returns come back in the order of the bots
    class Recorder:
        def __init__(self, bot):
            self.bot, self.names = bot, set()

        def step(self, state):
            self.names.add(state.seats[Game.current_player(state)].name)
            return self.bot.step(state)

    swapped = 0
    for seed in range(9000, 9012):
        s = new_state("berserk", seed, 2, 30)
        bots = [Recorder(GreedyBot(1)), Recorder(RandomBot(2))]
        r = play(s, bots)
        assert (bots[0].names, bots[1].names) == ({"A"}, {"B"})
        order = [p.name for p in s.seats]
        assert r == [s.returns()[order.index("A")], s.returns()[order.index("B")]]
        swapped += order == ["B", "A"]
    assert 0 < swapped < 12


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


def test_in_heroes_the_look_plays_the_first_turns():
    """Heroes game 1 on seeds 9300.. (MCTS in seat 1 wins the roll): no squad building, the look
    plays the greedy bot until turn HEROES_LOOK_TURN and reads the chooser's lead."""
    s = new_state("heroes", 9301, 2, 80)
    assert s.phase == "order" and Game.current_player(s) == 1
    seed = 9300 * 1000 + 1 * 10 + 1
    looked = make_bot("mcts", seed, 10, None)                 # the Heroes profile: squads
    assert str(looked.step(s)) in ("first", "second")
    a = [x for x in Game.choices(s) if str(x) == "first"][0]
    world = seat_view(s, 1).sample_world(1, random.Random(3))
    value = squads_lead(world, a, 1, random.Random(4))
    assert world.phase == "order" and value != 0.0           # the world itself is not played on


def test_unknown_order_is_refused():
    with pytest.raises(ValueError, match="unknown order"):
        MCTSBot(order="guess")
    assert parse_mcts("order=squads") == (("order", "squads"),)


def test_the_profiles_search_the_order_and_the_look_is_an_option():
    # session 7: with the bots kept with their players the look gained nothing (docs/bots.md)
    from berserk_kernel.bots.mcts import PROFILES
    assert [PROFILES[k]["order"] for k in ("berserk", "heroes", "city2", "city")] == ["search"] * 4
    s = order_state()
    default = make_bot("mcts", BOT_SEED, 10, None)          # the tournament's bot: order from the profile
    looked = make_bot("mcts", BOT_SEED, 10, None, parse_mcts("order=squads"))
    assert not default.orders_by_squads(s) and looked.orders_by_squads(s)
    values = order_values(seat_view(s, SEAT), SEAT, random.Random(f"{BOT_SEED}:order"))
    assert str(looked.step(s)) == max(values, key=values.get)    # the look's choice, not the search's
    assert MCTSBot(playouts=10, seed=BOT_SEED).order == "search"         # MCTSBot's own default
