"""Every bot returns a legal action of the position it is given and leaves it unchanged."""
import pytest

from berserk_kernel.bots import GreedyBot, MCTSBot, RandomBot
from berserk_kernel.bots.base import Game

from .positions import position

CASES = [(g, seed, steps) for g in ("berserk", "heroes", "city", "city4") for seed, steps in
         ((1, 0), (2, 7), (3, 25), (4, 60), (5, 110))]


@pytest.mark.parametrize("game,seed,steps", CASES)
def test_every_bot_returns_a_legal_action(game, seed, steps):
    s = position(game, seed, steps)
    before = s.state_hash()
    legal = {str(a) for a in Game.legal_actions(s)}
    for bot in (RandomBot(seed), GreedyBot(seed), MCTSBot(playouts=3, depth=4, seed=seed)):
        a = bot.step(s)
        assert str(a) in legal, (bot.name, str(a))
        assert s.is_legal(a)
        assert s.state_hash() == before            # the bot searched copies only


@pytest.mark.parametrize("game", ["berserk", "city"])
def test_analyse_lists_every_legal_action_best_first(game):
    s = position(game, 3, 25)
    bot = MCTSBot(playouts=6, depth=4, seed=1)
    ranked = bot.analyse(s)
    assert sorted(str(a) for a, _v, _n in ranked) == sorted(str(a) for a in Game.choices(s))
    assert {str(a) for a in Game.choices(s)} <= {str(a) for a in Game.legal_actions(s)}
    visits = [n for _a, _v, n in ranked]
    values = [v for _a, v, _n in ranked]
    assert values == sorted(values, reverse=True)   # the best mean (greedy prior included) first
    assert sum(visits) == 6 if len(ranked) > 1 else True
    assert all(-1.0 <= v <= 1.0 for _a, v, _n in ranked)


def test_the_same_seed_gives_the_same_choice():
    s = position("berserk", 2, 40)
    first = [(str(a), v, n) for a, v, n in MCTSBot(playouts=5, depth=4, seed=9).analyse(s)]
    again = [(str(a), v, n) for a, v, n in MCTSBot(playouts=5, depth=4, seed=9).analyse(s)]
    assert first == again


def city_attack_position():
    """A City position with an attack on a defended district from a district holding at least
    3 forces."""
    for seed in range(1, 40):
        for steps in (30, 45, 60):
            s = position("city", seed, steps)
            attacks = [a for a in Game.legal_actions(s) if a.verb == "attack" and s.forces[a.dst] > 0]
            for a in attacks:
                same = [b for b in attacks if (b.src, b.dst) == (a.src, a.dst)]
                if len(same) >= 3:
                    return s, sorted(same, key=lambda b: b.count)
    raise AssertionError("no City position with a 3-force attack among the seeds")


def test_greedy_scores_city_attacks_from_the_exact_odds():
    from berserk_kernel.bots.greedy import attack_score
    s, same = city_attack_position()
    seat = Game.current_player(s)
    scores = [attack_score(s, a, seat) for a in same]
    captures = [s.attack_odds(a).capture for a in same]
    assert captures == sorted(captures) and captures[-1] > captures[0]
    assert scores[-1] > scores[0]          # all in beats one force: more captures, the same defenders
    # the score is the exact expectation: recompute the one-force attack by hand
    one = same[0]
    d, owner = s.forces[one.dst], s.owner[one.dst]
    odds = s.attack_odds(one)
    from berserk_kernel.bots.base import material
    m = material(s)
    lead0 = m[seat] - max(x for q, x in enumerate(m) if q != seat)
    expected = 0.0
    for k, row in enumerate(odds.joint):
        for left, p in enumerate(row):
            after = list(m)
            after[seat] -= 1 - k
            if owner is not None:
                after[owner] -= d - left
            if left == 0 and k == 1:
                after[seat] += 3.0
                if owner is not None:
                    after[owner] -= 3.0
            expected += float(p) * (after[seat] - max(x for q, x in enumerate(after) if q != seat) - lead0)
    assert abs(scores[0] - expected) < 1e-9


def test_a_bot_refuses_a_finished_game():
    from .positions import GAMES
    s = GAMES["city"](1)
    bot = RandomBot(1)
    while not Game.is_terminal(s):
        Game.apply(s, bot.step(s))
    assert Game.legal_actions(s) == []
    with pytest.raises(ValueError):
        bot.step(s)
    assert Game.returns(s) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_a_city_bot_ends_a_turn_of_twelve_actions():
    from berserk_kernel.bots.base import CITY_TURN_CAP
    from berserk_kernel.city import parse_action
    s = next(p for p in (position("city", 3, n) for n in range(25, 45)) if p.phase == "actions")
    assert len(Game.choices(s)) > 1
    t = s.copy()
    t.actions = t.actions + [parse_action("redeploy 1>2 1")] * CITY_TURN_CAP
    assert [str(a) for a in Game.choices(t)] == ["end"]
    assert [str(a) for a in Game.legal_actions(t)] == [str(a) for a in Game.legal_actions(s)]
    assert str(MCTSBot(playouts=3, depth=3, seed=1).step(t)) == "end"


def test_a_city_bot_redeploys_at_most_twice_a_turn():
    from berserk_kernel.bots.base import CITY_REDEPLOY_CAP
    from berserk_kernel.city import parse_action
    s = next(p for p in (position("city", 3, n) for n in range(25, 60))
             if p.phase == "actions" and any(a.verb == "redeploy" for a in Game.choices(p)))
    before = [str(a) for a in Game.choices(s)]
    t = s.copy()
    t.actions = t.actions + [parse_action("redeploy 1>2 1")] * (CITY_REDEPLOY_CAP - 1)
    assert [str(a) for a in Game.choices(t)] == before            # one short of the cap: all kept
    t.actions = t.actions + [parse_action("redeploy 1>2 1")]
    kept = [str(a) for a in Game.choices(t)]
    assert CITY_REDEPLOY_CAP == 2 and kept == [a for a in before if not a.startswith("redeploy")]
    assert "end" in kept
    assert [str(a) for a in Game.legal_actions(t)] == [str(a) for a in Game.legal_actions(s)]
    assert [str(a) for a in Game.capped(t)] == [str(a) for a in Game.capped(s)]   # OpenSpiel's list
    assert not str(MCTSBot(playouts=6, depth=3, seed=1).step(t)).startswith("redeploy")


def test_city_bots_weigh_three_counts_of_each_move():
    s, same = city_attack_position()
    legal = Game.legal_actions(s)
    choices = Game.choices(s)
    assert {str(a) for a in choices} <= {str(a) for a in legal}
    kept = sorted((a for a in choices if (a.verb, a.src, a.dst) == ("attack", same[0].src, same[0].dst)),
                  key=lambda a: a.count)
    counts = [a.count for a in same]
    expected = counts if len(counts) <= 3 else [counts[0], counts[len(counts) // 2], counts[-1]]
    assert [a.count for a in kept] == expected
    assert {str(a) for a in legal if a.verb not in ("attack", "move", "redeploy", "reinforce")} <= \
        {str(a) for a in choices}
    assert len(Game.capped(s)) == len(legal)     # OpenSpiel sees every legal action
