"""The MCTS bot's "threat" evaluation: the opponent's free strikes after the leaf's turn ends."""
import pytest

from berserk_kernel.berserk import position as berserk_position
from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots.base import Game, evaluate, material, squash
from berserk_kernel.bots.mcts import EVALUATIONS
from berserk_kernel.bots.threat import reply_threat, threat_evaluate, turn_threat
from berserk_kernel.bots.tournament import parse_mcts

from .positions import position


def two_wardens(closed: bool):
    """A's warden c2 faces B's bog troll c3 (B's turn opens with the troll's regrowth)."""
    return berserk_position("A gorge_warden c2" + (" closed" if closed else ""), "A gorge_warden a1",
                            "B bog_troll c3", "B bog_troll e6", active=0)


def action(s, text: str):
    return next(a for a in Game.choices(s) if str(a) == text)


def test_a_closed_creature_left_next_to_an_enemy_is_a_free_strike_for_it():
    closed, open_ = two_wardens(True), two_wardens(False)
    assert material(closed) == material(open_) == [28.0, 40.0]
    # B's troll strikes A's closed warden (uid 1) with no strike back: the fight table's
    # expected material, as the greedy bot counts it; against the open warden it takes blows back
    assert turn_threat(closed) == (1, pytest.approx(5.0))
    assert turn_threat(open_) == (1, pytest.approx(2.5))
    assert threat_evaluate(closed)[0] == pytest.approx(squash(closed, 28.0 - 45.0))
    assert threat_evaluate(closed)[0] < threat_evaluate(open_)[0] < evaluate(open_)[0]
    # the position itself is untouched
    assert closed.active == 0 and closed.cards[1].closed


def test_no_threat_where_the_turn_cannot_simply_end():
    s = two_wardens(True)
    s.phase, s.winner = "over", 1
    assert threat_evaluate(s) == [-1.0, 1.0]
    city = position("city", 4, 30)
    assert turn_threat(city) is None and threat_evaluate(city) == evaluate(city)
    build = position("berserk", 3, 6)
    assert build.phase == "build" and turn_threat(build) is None and threat_evaluate(build) == evaluate(build)


def test_the_threat_evaluation_is_an_mcts_option():
    assert "threat" in EVALUATIONS
    s = position("berserk", 5, 60)
    a = MCTSBot(playouts=8, depth=4, seed=2, evaluation="threat").analyse(s)
    b = MCTSBot(playouts=8, depth=4, seed=2, evaluation="threat").analyse(s)
    assert [(str(x), v, n) for x, v, n in a] == [(str(x), v, n) for x, v, n in b]


def test_prior_threat_ranks_a_strike_that_leaves_the_striker_exposed_last():
    """A's open warden (c2) next to B's troll (c3): the greedy prior ranks the strike first (its
    expected material is positive); with `prior_threat` every root action loses what B's
    strikes win after it, should A end the turn there: the strike closes the warden next to the
    troll (5.0, no blow back), staying or ending leaves it open (2.5), stepping back to c1 leaves
    nothing in reach (0). The strike drops to last and the step back leads."""
    s = two_wardens(False)
    plain = MCTSBot(playouts=1, depth=4, seed=2)
    plain.analyse(s)
    assert plain._rank["strike #1 #3"] == 0
    assert reply_threat(s, action(s, "strike #1 #3"), 0) == pytest.approx(5.0)
    assert reply_threat(s, action(s, "end"), 0) == pytest.approx(2.5)
    assert reply_threat(s, action(s, "move #1 d2"), 0) == pytest.approx(2.5)
    assert reply_threat(s, action(s, "move #1 c1"), 0) == 0.0
    bot = MCTSBot(playouts=1, depth=4, seed=2, prior_threat=True)
    bot.analyse(s)
    order = sorted(bot._rank, key=bot._rank.get)
    assert order[0] == "move #1 c1" and order[-1] == "strike #1 #3"
    assert bot._prior_values["strike #1 #3"] < bot._prior_values["end"] < bot._prior_values["move #1 c1"]
    assert parse_mcts("prior_threat=1") == (("prior_threat", True),)
    # the position is untouched and City has no such threat
    assert s.active == 0 and not s.cards[1].closed
    city = position("city", 4, 30)
    assert reply_threat(city, Game.choices(city)[0], Game.current_player(city)) == 0.0
