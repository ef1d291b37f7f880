"""Both games as OpenSpiel games: OpenSpiel's random simulation test, explicit dice, the
kernel's action texts, observations from the seat's view, OpenSpiel's MCTSBot to the end.

Needs the optional extra `openspiel` (pip install -e ".[openspiel]"); skipped without it.
"""
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is the optional extra `openspiel`: pip install -e '.[openspiel]'")
np = pytest.importorskip("numpy", reason="OpenSpiel's bots need numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from berserk_kernel.openspiel import KernelState  # noqa: E402  (registers the games)

SMALL = [("python_berserk", {"turn_limit": 3, "seed": 1}),
         ("python_berserk", {"mode": "heroes", "turn_limit": 3, "seed": 2}),
         ("python_city", {"rounds": 2, "seed": 3}),
         ("python_city", {"players": 4, "rounds": 1, "seed": 4})]


@pytest.mark.parametrize("name,params", SMALL)
def test_openspiel_random_simulation_test_passes(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_game_types_say_what_the_games_are():
    for name in ("python_berserk", "python_city"):
        t = pyspiel.load_game(name).get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.provides_information_state_string and t.provides_observation_string
    assert pyspiel.load_game("python_city", {"players": 4}).num_players() == 4
    with pytest.raises(ValueError, match="players is 2, 3 or 4"):
        pyspiel.load_game("python_city", {"players": 5})
    with pytest.raises(ValueError, match="mode is 'classic' or 'heroes'"):
        pyspiel.load_game("python_berserk", {"mode": "chess"})


def play_to(state, kind: str, rng):
    """Random play until the player to move has a legal action of `kind`; returns its id, or
    None if the game ends first."""
    for _ in range(5000):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
            continue
        for a in state.legal_actions():
            if state.action_to_string(state.current_player(), a).split()[0] == kind:
                return a
        state.apply_action(int(rng.choice(state.legal_actions())))
    raise AssertionError("too long")


def with_strike(seed: int):
    """(game, state, id of a strike) reached by uniform random play from the first seed >= `seed`
    whose game reaches a strike."""
    for sd in range(seed, seed + 20):
        game = pyspiel.load_game("python_berserk", {"seed": sd})
        state = game.new_initial_state()
        a = play_to(state, "strike", np.random.RandomState(sd))
        if a is not None:
            return game, state, a
    raise AssertionError("no strike in 20 games")


def test_a_strike_is_followed_by_a_chance_node_with_the_kernels_exact_law():
    game, state, a = with_strike(5)
    seat = state.current_player()
    text = state.action_to_string(seat, a)
    assert state.string_to_action(text) == a
    expected = state.kernel.chance_outcomes(text)
    state.apply_action(a)
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [p for _i, p in outcomes] == [float(p) for _f, p in expected]
    assert sum(p for _f, p in expected) == Fraction(1) and len(outcomes) > 1
    faces = expected[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "dice " + " ".join(map(str, faces))
    before = len(state.kernel.actions)
    state.apply_action(0)
    assert str(state.kernel.actions[before]) == text and not state.is_chance_node()


def test_observations_come_from_the_seat_view_and_do_not_peek():
    game, state, _a = with_strike(6)
    seat = state.current_player()
    k = state.kernel
    worlds = [KernelState(game, k.sample_world(seat, r)) for r in range(3)]
    assert any(w.kernel.key() != k.key() for w in worlds)      # the hidden things differ
    fresh = KernelState(game, k.clone())
    for w in worlds:
        assert w.observation_string(seat) == fresh.observation_string(seat)
        assert w.information_state_string(seat) == fresh.information_state_string(seat)
    assert fresh.observation_string(seat) != fresh.observation_string(1 - seat)


@pytest.mark.parametrize("name,params", [("python_berserk", {"turn_limit": 2, "seed": 7}),
                                         ("python_city", {"rounds": 1, "seed": 8})])
def test_openspiel_mcts_bot_plays_a_game_to_the_end(name, params):
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3)),
                       random_state=np.random.RandomState(4))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            _policy, action = bot.step_with_policy(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 10
    assert state.returns() == state.kernel.returns() and len(state.returns()) == game.num_players()


def test_the_resampler_keeps_the_seats_information_and_ismcts_plays_to_the_end():
    from open_spiel.python.algorithms import ismcts

    from berserk_kernel.openspiel import resampler
    game, state, a = with_strike(7)
    rng = np.random.RandomState(0)
    while not state.is_chance_node():          # on to a roll (a strike may wait for a defender)
        seat = state.current_player()
        state.apply_action(a)
        a = int(rng.choice(state.legal_actions())) if not state.is_chance_node() else None
    cb = resampler(1)
    worlds = [cb(state, seat) for _ in range(4)]
    assert any(w.kernel.key() != state.kernel.key() for w in worlds)
    for w in worlds:
        assert w.is_chance_node() and w.chance_outcomes() == state.chance_outcomes()
        assert w.information_state_string(seat) == state.information_state_string(seat)
    game = pyspiel.load_game("python_berserk", {"turn_limit": 2, "seed": 4})
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 3,
                           random_state=np.random.RandomState(2))
    bot.set_resampler(resampler(5))
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.returns() == state.kernel.returns()
