"""The hint and the review (berserk_kernel.bots.advice): levels, the exact odds named in the
reason, progress and cancel, marks of a deliberately bad move."""
import re
import time
from fractions import Fraction

import pytest

from berserk_kernel.berserk.odds import odds_for
from berserk_kernel.city import new_game as city_game
from berserk_kernel.bots import Cancelled, GreedyBot, MCTSBot, RandomBot
from berserk_kernel.bots.advice import (LEVELS, Advice, MoveReview, action_values, explain, make_bot, mark_of,
                                        review, suggest)
from berserk_kernel.bots.base import Game, evaluate, in_setup
from berserk_kernel.bots.city_eval import front_evaluate
from berserk_kernel.bots.heroes_eval import hero_evaluate
from berserk_kernel.bots import mcts
from berserk_kernel.bots.mcts import profile_evaluation

from .positions import GAMES, position

CYRILLIC = re.compile("[а-яё]", re.I)


def with_kind(game: str, kind: str, seed: int = 3):
    """A position (reached by random play, with history) where the player to move has a choice
    and an action of `kind`."""
    s = city_game(players=2, seed=seed) if game == "city" else GAMES[game](seed)
    bots = [GreedyBot(seed), RandomBot(seed)]
    while not Game.is_terminal(s):
        acts = Game.choices(s)
        if len(acts) > 1 and any(Game.kind(a) == kind for a in acts):
            return s, [a for a in acts if Game.kind(a) == kind]
        s.apply(bots[Game.current_player(s)].step(s))
    raise AssertionError(f"no {kind} found")


def frac(p: Fraction) -> str:
    return f"({p.numerator}/{p.denominator})"


def test_levels_and_make_bot():
    assert list(LEVELS) == ["easy", "normal", "strong"]
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["strong"]
    bot = make_bot("normal", seed=3)
    assert isinstance(bot, MCTSBot) and bot.playouts == LEVELS["normal"]
    # the level sets the playouts; the rest is the game's profile, what the tournament measures
    assert (bot.depth, bot.c, bot.rollout, bot.evaluation, bot.order) == (None, None, None, None, None)
    assert make_bot(7).playouts == 7
    with pytest.raises(ValueError, match="unknown level 'hard'"):
        make_bot("hard")


def test_the_reason_of_a_strike_names_the_fight_table_odds():
    s, strikes = with_kind("berserk", "strike")
    a = strikes[0]
    seat = Game.current_player(s)
    text, rule_ids = explain(s, a, seat)
    odds = odds_for(s, a.card, a.other).distribution("exchange")
    hit = sum((p for (d, _t), p in odds.items() if d > 0), Fraction(0))
    back = sum((p for (_d, t), p in odds.items() if t > 0), Fraction(0))
    assert rule_ids == ("BR-10.3", "BR-10.4")
    for lang in ("ru", "en"):
        assert f"#{a.card}" in text[lang] and f"#{a.other}" in text[lang]
        for p in (hit, back):
            if p not in (0, 1):
                assert frac(p) in text[lang]
    assert CYRILLIC.search(text["ru"]) and not CYRILLIC.search(text["en"])
    assert "шанс убить" in text["ru"] and "chance to kill" in text["en"]


def test_the_reason_of_a_city_attack_names_its_exact_odds():
    s, attacks = with_kind("city", "attack", seed=2)
    a = max(attacks, key=lambda x: x.count)
    text, rule_ids = explain(s, a, Game.current_player(s))
    odds = s.attack_odds(a)
    if odds.defenders:
        assert rule_ids == ("CITY-4.2",)
        assert frac(odds.capture) in text["en"] if odds.capture not in (0, 1) else "capture" in text["en"]
        assert f"район {a.dst}" in text["ru"] and f"district {a.dst}" in text["en"]
    else:
        assert rule_ids == ("CITY-4.3",)


def test_suggest_gives_a_legal_action_its_win_chance_and_why():
    s, _ = with_kind("berserk", "strike")
    before = s.state_hash()
    adv = suggest(s, "easy", seed=1)
    assert isinstance(adv, Advice)
    assert s.is_legal(adv.action) and s.state_hash() == before
    assert 0.0 <= adv.win_chance <= 1.0
    assert adv.alternatives[0][0] == adv.action and adv.alternatives[0][1] == adv.win_chance
    assert sorted(str(a) for a, _w, _n in adv.alternatives) == sorted(str(a) for a in Game.choices(s))
    assert sum(n for _a, _w, n in adv.alternatives) == LEVELS["easy"]
    assert set(adv.reason) == {"ru", "en"}
    assert "Компьютер 16 раз просчитал в уме продолжение партии" in adv.reason["ru"]
    assert "The computer played out the next moves in its head 16 times" in adv.reason["en"]
    assert suggest(s, "easy", seed=1) == adv   # seeded


def test_suggest_refuses_a_finished_game():
    s = finished_city_game()
    before = s.state_hash()
    with pytest.raises(ValueError, match="game is over"):
        suggest(s)
    assert s.state_hash() == before


def test_progress_rises_to_one_and_cancel_stops_promptly():
    s, _ = with_kind("city", "attack", seed=2)
    seen = []
    suggest(s, 12, progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen) and len(seen) >= 12
    calls = []

    def cancel():
        calls.append(time.perf_counter())
        return len(calls) > 4

    with pytest.raises(Cancelled):
        suggest(s, "strong", cancel=cancel)
    assert time.perf_counter() - calls[-1] < 0.3
    with pytest.raises(Cancelled):
        review(finished_city_game(), "easy", cancel=lambda: True)
    rows = []
    with pytest.raises(Cancelled):   # cancelled inside a move's search, not only between moves
        review(finished_city_game(), "easy", progress=rows.append, cancel=lambda: len(rows) > 3)


def finished_city_game():
    from berserk_kernel.bots import RandomBot
    s = GAMES["city"](4)
    bots = [RandomBot(1), RandomBot(2)]
    s.apply(bots[0].step(s))
    while not Game.is_terminal(s):
        s.apply(bots[Game.current_player(s)].step(s))
    return s


def test_marks_by_loss():
    assert [mark_of(x) for x in (0.0, 0.049, 0.05, 0.1, 0.2, 0.9)] == \
        ["good", "good", "inaccuracy", "mistake", "blunder", "blunder"]


def test_review_marks_a_deliberately_bad_move():
    s, _ = with_kind("berserk", "strike")
    seat = Game.current_player(s)
    n = len(s.actions)
    acts = Game.choices(s)
    values = action_values(s, acts, seat, 8, seed=n)
    worst = acts[min(range(len(acts)), key=values.__getitem__)]
    assert max(values) - min(values) >= 0.05, "the position must offer a bad move"
    s.apply(worst)
    before = s.state_hash()
    rows = review(s, 8, seed=0, first=n)          # only the last move, 8 playouts
    assert s.state_hash() == before and s.can_undo()
    assert len(rows) == 1
    last = rows[-1]
    assert isinstance(last, MoveReview) and last.index == n and last.seat == seat
    assert str(last.action) == str(worst) and str(last.best) != str(worst)
    assert last.loss >= 0.05 and last.mark in ("inaccuracy", "mistake", "blunder")
    assert last.win_after == pytest.approx(last.win_before - last.loss)
    assert "лучше было" in last.text("ru") and "better was" in last.text("en")


def test_review_reads_records_of_both_games_and_refuses_bad_ones():
    from berserk_kernel.city.record import record_of
    from berserk_kernel.core.errors import DataError
    s = finished_city_game()
    rec = record_of(s)
    n = len(rec["actions"])
    rows = review(rec, 2, first=n - 2)
    assert [r.index for r in rows] == [n - 2, n - 1]
    assert [str(r.action) for r in rows] == rec["actions"][-2:]
    assert all(r.mark in ("good", "inaccuracy", "mistake", "blunder") for r in rows)
    bad = dict(rec, actions=rec["actions"][:3] + ["attack 1>2 999"] + rec["actions"][4:])
    with pytest.raises(DataError) as e:
        review(bad, 2)
    assert e.value.field == "actions[3]" and e.value.source == "<record>"
    with pytest.raises(DataError) as e:
        review({"game": "chess", "actions": []})
    assert e.value.field == "game"
    with pytest.raises(DataError):
        review({"game": "city", "actions": []})
    with pytest.raises(ValueError, match="first must be a move index from 0"):
        review(rec, 2, first=n + 1)


def test_a_move_without_odds_table_says_whether_it_rolls_from_the_kernels_chance_outcomes():
    from berserk_kernel.bots.advice import _dice_note
    s, strikes = with_kind("berserk", "strike")
    seat = Game.current_player(s)
    law = s.view(seat).chance_outcomes(strikes[0])
    note = _dice_note(s, strikes[0], seat)
    assert f"{len(law)} outcome" in note["en"] and "бросает кубики" in note["ru"]
    best = max(p for _f, p in law)
    assert frac(best) in note["en"]
    quiet = next(a for a in Game.choices(s) if s.view(seat).chance_outcomes(a) is None)
    assert _dice_note(s, quiet, seat)["en"].startswith("This move rolls no dice")


def test_every_message_has_the_same_placeholders_in_both_languages():
    from berserk_kernel.bots.advice import M
    assert len(M.messages) >= 20
    for key in M.messages:
        assert M.placeholders(key, "ru") == M.placeholders(key, "en"), key
        assert CYRILLIC.search(M.messages[key].ru) and not CYRILLIC.search(M.messages[key].en), key


@pytest.mark.parametrize("game, kind", [("berserk", "buy"), ("city", "pick")])
def test_a_hint_in_the_setup_names_no_win_chance(game, kind):
    # While squads (BR-7.5) or start districts (CITY-2.2) are still being chosen the material
    # compares only what some seats already hold: one seat with a whole squad against an empty
    # one read as «шанс на победу — около 4%» at the first purchase. The hint names no chance then.
    s, _ = with_kind(game, kind)
    adv = suggest(s, level=8, seed=1)
    assert adv.setup is True and Game.kind(adv.action) == kind
    for lang in ("ru", "en"):
        assert "%" not in adv.reason[lang], adv.reason[lang]
    assert "шанс на победу он пока не называет" in adv.reason["ru"].lower()
    assert "names no chance to win yet" in adv.reason["en"]


def test_a_hint_in_the_battle_names_the_win_chance():
    s, _ = with_kind("berserk", "strike")
    adv = suggest(s, level=8, seed=1)
    assert adv.setup is False
    assert re.search(r"шанс на победу после него — около \d", adv.reason["ru"]) or \
        re.search(r"шанс на победу — около \d", adv.reason["ru"]), adv.reason["ru"]


def test_the_order_hint_says_how_the_order_was_chosen():
    # the profiles search the order decision: the hint gives the search's visits, no win chance
    # (the set-up); a bot told order="squads" is said to have compared the squads instead (the
    # search's visits, «в 3 из них выбрал этот ход», would misstate how that choice was made)
    from berserk_kernel.bots import advice
    from berserk_kernel.bots.tournament import new_state
    s = new_state("berserk", 9015, 2, 50)
    assert s.phase == "order"
    adv = suggest(s, level=10, seed=1)
    assert adv.order_look == "" and adv.setup and "%" not in adv.reason["ru"]
    assert "выбрал этот ход" in adv.reason["ru"]
    plain = advice.make_bot
    try:
        advice.make_bot = lambda level, seed=0: MCTSBot(playouts=level, seed=seed, depth=None, c=None, rollout=None,
                                                        evaluation=None, order="squads")
        adv = suggest(s, level=10, seed=1)
        assert adv.order_look == "build" and adv.setup and str(adv.action) in ("first", "second")
        assert "набрал в уме отряды обоих игроков" in adv.reason["ru"] and "%" not in adv.reason["ru"]
        assert "built both players' squads in its head" in adv.reason["en"]
        assert "выбрал этот ход" not in adv.reason["ru"]
        adv = suggest(new_state("heroes", 9301, 2, 80), level=10, seed=1)
        assert adv.order_look == "turns" and "первые ходы обоих игроков" in adv.reason["ru"]
    finally:
        advice.make_bot = plain



@pytest.mark.parametrize("game, expected", [("berserk", evaluate), ("heroes", hero_evaluate), ("city", front_evaluate)])
def test_the_hint_and_the_review_value_positions_by_the_profiles_evaluation(game, expected, monkeypatch):
    """A hint's and a review's win chances are on the bot's own scale: the evaluation of the
    game's profile (Heroes: the hero pressure; City with 2 players: the front line), also where
    a hint has one move only and in the review's estimator."""
    s = next(p for n in range(8, 60, 2)
             if len(Game.choices(p := position(game, 2, n))) > 1 and not in_setup(p))
    assert profile_evaluation(s) is expected
    called = []

    def spy(state):
        called.append(state)
        return expected(state)
    name = next(k for k, v in mcts.EVALUATIONS.items() if v is expected)
    monkeypatch.setitem(mcts.EVALUATIONS, name, spy)
    acts = Game.choices(s)
    action_values(s, acts[:2], Game.current_player(s), 2, seed=1, depth=0)
    assert len(called) == 4
    monkeypatch.setattr(Game, "choices", staticmethod(lambda state: acts[:1]))
    a = suggest(s)
    assert a.action == acts[0] and len(called) == 5
    assert a.win_chance == (expected(s)[Game.current_player(s)] + 1) / 2
