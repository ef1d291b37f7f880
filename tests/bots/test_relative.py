"""`MCTSBot(relative=True)`: playouts valued by the change of the lead since the root, and
`MCTSBot(turns=N)`: playouts that stop when N turns have ended since the root."""
import dataclasses
import math

import pytest

from berserk_kernel.bots import MCTSBot
from berserk_kernel.bots import mcts as mcts_module
from berserk_kernel.bots.base import Game, leads, material, squash
from berserk_kernel.bots.mcts import _turn_owner
from berserk_kernel.bots.tournament import make_bot, parse_mcts

from .positions import position


def _bot(**kw):
    return MCTSBot(seed=3, prior=False, rollout="random", evaluation="material", c=0.7, **kw)


def test_relative_values_are_the_change_of_the_lead_and_reported_as_absolute():
    """Seat 1 to move, 8 points behind, only moves and `end` (no dice): one visit per action at
    depth 1. The relative edges hold the squashed change of the lead (0 after a move, +2 after
    `end`: the opening of the opponent's turn changes the material); the absolute edges the
    squashed lead after it; both bots report the absolute value."""
    s = position("berserk", 3, 90)
    seat = Game.current_player(s)
    assert seat == 1 and leads(material(s))[seat] == -8.0
    choices = Game.choices(s)
    assert sorted({Game.kind(a) for a in choices}) == ["end", "move"]
    n = len(choices)
    rel, plain = _bot(playouts=n, depth=1, relative=True), _bot(playouts=n, depth=1)
    out_rel, out_plain = rel.analyse(s), plain.analyse(s)
    after = {}
    for a in choices:
        w = s.clone()
        Game.apply(w, a)
        after[str(a)] = leads(material(w))[seat]
    assert after["end"] == -6.0 and {v for k, v in after.items() if k != "end"} == {-8.0}
    assert {k: (e.n, e.w) for k, e in rel.last_root.items()} == {
        k: (1, pytest.approx(squash(s, v + 8.0))) for k, v in after.items()}
    assert {k: (e.n, e.w) for k, e in plain.last_root.items()} == {
        k: (1, pytest.approx(squash(s, v))) for k, v in after.items()}
    for out in (out_rel, out_plain):
        assert {str(a): v for a, v, _n in out} == pytest.approx({k: squash(s, v) for k, v in after.items()})
        assert str(out[0][0]) == "end"


def test_a_draw_is_worth_losing_the_lead_for_the_seat_ahead():
    """Seat 0 leads 106 to 27 in the last turn (turn limit 7): `end` ends the game in a draw
    (R-BR-TURN-LIMIT). The relative value of that draw is the squashed loss of the whole lead
    (-79), far below a move that keeps it (0); the report maps it back to a draw's 0."""
    s = position("berserk", 2, 90)
    s.options = dataclasses.replace(s.options, turn_limit=s.turn)
    seat = Game.current_player(s)
    lead = leads(material(s))[seat]
    assert (seat, lead) == (0, 79.0)
    choices = Game.choices(s)
    bot = _bot(playouts=len(choices), depth=1, relative=True)
    out = bot.analyse(s)
    end = bot.last_root["end"]
    assert (end.n, end.w) == (1, pytest.approx(squash(s, -79.0)))
    moves = [e for k, e in bot.last_root.items() if k.startswith("move")]
    assert moves and all(e.w == 0.0 for e in moves)
    values = {str(a): v for a, v, _n in out}
    assert values["end"] == pytest.approx(0.0, abs=1e-5)
    assert str(out[0][0]) != "end" and out[-1][0] == "end" or values["end"] < out[0][1]


def test_relative_needs_a_material_evaluation():
    with pytest.raises(ValueError, match="relative values need a material evaluation"):
        MCTSBot(playouts=2, relative=True, evaluation="threat").analyse(position("berserk", 3, 90))


def test_turns_stop_every_playout_when_that_many_turns_have_ended(monkeypatch):
    """Seat 0 to move in turn 3: with turns=2 and a depth far beyond the two turns, every
    playout that does not end the game stops at the start of seat 0's next turn (turn 5, seat 0
    active, the first action after the opponent's `end`); with turns=1 at the start of the
    opponent's turn 4."""
    s = position("berserk", 4, 90)
    assert (s.phase, s.turn, s.active, Game.current_player(s)) == ("battle", 3, 0, 0)
    leaves = []

    def record(w):
        leaves.append((Game.is_terminal(w), w.turn, _turn_owner(w), w.actions[-1].kind if w.actions else None))
        return [0.0, 0.0]

    monkeypatch.setitem(mcts_module.EVALUATIONS, "material", record)
    for turns, turn, owner in ((2, 5, 0), (1, 4, 1)):
        leaves.clear()
        _bot(playouts=12, depth=400, turns=turns).analyse(s)
        assert len(leaves) == 12
        live = [leaf for leaf in leaves if not leaf[0]]
        assert live and all(leaf[1:] == (turn, owner, "end") for leaf in live)
    # without `turns` only the depth stops a playout: every one plays to the game's end (the
    # positions' turn limit of 8)
    leaves.clear()
    _bot(playouts=12, depth=400).analyse(s)
    assert len(leaves) == 12 and all(leaf[0] and leaf[1] == 8 for leaf in leaves)


def test_options_reach_the_bot_from_the_tournament_and_profiles():
    assert parse_mcts("relative=1,turns=2") == (("relative", True), ("turns", 2))
    bot = make_bot("mcts", 1, 10, None)
    assert (bot.relative, bot.turns, bot.widen, bot.calibrate) == (None, None, None, None)   # from mcts.PROFILES
    s = position("berserk", 3, 90)
    bot.analyse(s)
    profile = mcts_module.PROFILES["berserk"]
    assert (bot._relative, bot._turns, bot._widen, bot._calibrate) == (
        profile.get("relative", False), profile.get("turns", 0), profile.get("widen", 0), profile.get("calibrate", False))
    told = make_bot("mcts", 1, 10, None, parse_mcts("relative=0,turns=0,widen=2,calibrate=1"))
    told.analyse(s)
    assert (told._relative, told._turns, told._widen, told._calibrate) == (False, 0, 2, True)
    assert sum(1 for _a, _v, n in told.analyse(s) if n) <= 2      # only the greedy top 2 are searched
    assert not math.isnan(bot.analyse(s)[0][1])
