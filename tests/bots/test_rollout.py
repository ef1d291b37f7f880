"""The MCTS bot's rollout policy, its stratified root dice and the greedy bot's City shortcut."""
import random

import pytest

from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.base import Game
from berserk_kernel.bots.greedy import lookahead_score, score, strike_score
from berserk_kernel.bots.mcts import _Edge, strata
from berserk_kernel.bots.rollout import greedy_lite
from berserk_kernel.bots.tournament import parse_mcts

from .positions import position


def strike_position():
    """A classic battle position whose player to move has a strike with a positive expected
    material gain."""
    for seed in range(1, 60):
        for steps in (40, 60, 80, 100):
            s = position("berserk", seed, steps)
            seat = Game.current_player(s)
            strikes = [(strike_score(s, a, seat), a) for a in Game.choices(s) if Game.kind(a) == "strike"]
            if any(v > 0 for v, _a in strikes):
                return s, max(strikes, key=lambda t: t[0])
    raise AssertionError("no position with a gaining strike among the seeds")


def test_greedy_lite_takes_the_best_gaining_strike():
    s, (best_v, best) = strike_position()
    actions = Game.choices(s)
    picks = {str(greedy_lite(s, actions, random.Random(i), eps=0.0)) for i in range(10)}
    seat = Game.current_player(s)
    assert len(picks) == 1
    pick = picks.pop()
    chosen = next(a for a in actions if str(a) == pick)
    assert strike_score(s, chosen, seat) == best_v > 0


def test_greedy_lite_with_eps_one_is_the_kind_weighted_random_choice():
    s, _best = strike_position()
    actions = Game.choices(s)
    picks = {str(greedy_lite(s, actions, random.Random(i), eps=1.0)) for i in range(40)}
    assert len(picks) > 1 and picks <= {str(a) for a in actions}


def test_greedy_lite_captures_first_in_city():
    for seed in range(1, 30):
        s = position("city", seed, 12)
        actions = Game.choices(s)
        if any(a.verb == "capture" for a in actions):
            a = greedy_lite(s, actions, random.Random(0), eps=0.0)
            assert a.verb == "capture"
            return
    raise AssertionError("no City position with a capture among the seeds")


def test_strata_show_each_face_once_in_six_visits_and_each_pair_once_in_36():
    e = _Edge()
    rng = random.Random(4)
    faces = [strata(e, rng) for _ in range(36)]
    for k in range(0, 36, 6):
        block = faces[k:k + 6]
        assert sorted(f[0] for f in block) == [1, 2, 3, 4, 5, 6]
        assert sorted(f[1] for f in block) == [1, 2, 3, 4, 5, 6]
    assert sorted(faces) == [(a, b) for a in range(1, 7) for b in range(1, 7)]


def test_mcts_with_greedy_rollouts_and_strata_plays_legal_and_is_reproducible():
    s, _best = strike_position()
    before = s.state_hash()
    runs = [[(str(a), v, n) for a, v, n in MCTSBot(playouts=8, depth=6, seed=3, rollout="greedy",
                                                   chance="strata").analyse(s)] for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0][0][0] in {str(a) for a in s.legal_actions()}
    assert s.state_hash() == before


def test_unknown_rollout_or_chance_is_refused():
    with pytest.raises(ValueError, match="unknown rollout 'smart'"):
        MCTSBot(rollout="smart")
    with pytest.raises(ValueError, match="unknown chance 'exact'"):
        MCTSBot(chance="exact")


def test_city_moves_and_redeploys_score_zero_like_their_lookahead():
    n = 0
    for seed in (1, 2, 3):
        for steps in (20, 40, 60):
            s = position("city", seed, steps)
            seat = Game.current_player(s)
            for a in Game.choices(s):
                if a.verb in ("move", "redeploy"):
                    assert lookahead_score(s, a, seat) == 0.0
                    assert score(s, a, seat) == score.__globals__["PREFER"][a.verb]
                    n += 1
    assert n > 20


def test_tournament_mcts_options_are_parsed_and_bad_ones_refused():
    assert parse_mcts("rollout=greedy, eps=0.2,c=0.5,chance=strata,prior-visits=4") == (
        ("rollout", "greedy"), ("eps", 0.2), ("c", 0.5), ("chance", "strata"), ("prior_visits", 4))
    assert parse_mcts("") == ()
    with pytest.raises(ValueError, match="'depth=3' is not one of"):
        parse_mcts("depth=3")
    with pytest.raises(ValueError):
        parse_mcts("eps=lots")
