"""Playing against the computer, the hint and the analysis, at the controller level (no browser):
widgets/bot_play.py over the apps' controllers, and the panel's widgets (widgets/bot_panel.py).

The computer thinks in a background thread; `BotPlay.wait()` joins it. `show_s=0` skips the
pause that lets a person see the computer's move lit before it is played."""
from __future__ import annotations

import re
import time

import pytest

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.city import new_game as city_game
from tests.widgets.helpers import berserk_clicks, city_clicks
from widgets import BerserkApp, BerserkController, CityApp, CityController
from widgets.bot_play import BotPlay, is_over, to_move
from widgets.i18n import w


def human_berserk(c):
    """A quick human: buys two cards, places its squad, then ends every turn."""
    legal = c.legal()
    kinds = {a.kind: a for a in legal}
    if "end" in kinds:
        return kinds["end"]
    if "buy" in kinds and len(c.state.seats[c.state.to_move].squad) < 2:
        return kinds["buy"]
    if "done" in kinds and c.state.phase == "build":
        return kinds["done"]
    return legal[0]


def human_city(c):
    legal = c.legal()
    verbs = {a.verb: a for a in legal}
    for v in ("pick", "draw", "income", "capture", "end"):
        if v in verbs:
            return verbs[v]
    return legal[0]


def movers(state) -> list:
    """Who made each action of the game (replayed from its start): a Berserk seat's name (seats
    are re-ordered when the first player is chosen), a City seat's index."""
    from widgets.bot_play import player_id, record_of, start_of
    rec = record_of(state)
    s = start_of(rec)
    out = []
    for a in rec["actions"]:
        out.append(player_id(s, to_move(s)))
        s.apply(a)
    return out


def play_out(c, bp, pick, act, human, limit: int = 400) -> list:
    """Play the human's seat (its `player_id`) to the end; return the human's actions."""
    from widgets.bot_play import player_id
    done = []
    bp.wait()
    while not is_over(c.state):
        assert player_id(c.state, to_move(c.state)) == human, "the computer stopped on its turn"
        assert not bp.bot_to_move() and c.hold() is None
        a = pick(c)
        before = len(c.state.actions)
        bp.paused = True                  # the click helpers read the message of the player's move
        act(c, a)
        assert len(c.state.actions) == before + 1 and c.state.actions[-1] == a, (a, c.message)
        done.append(str(a))
        bp.think()
        bp.wait()
        assert len(done) < limit
    assert not bp.errors
    return done


def test_whole_berserk_game_against_the_computer_by_clicks():
    c = BerserkController(berserk_game(seed=5, options={"turn_limit": 6}), "en")
    said = []
    bp = BotPlay(c, on_change=lambda: said.append(c.message), show_s=0)
    bp.start(human=0, level="easy")
    mine = play_out(c, bp, human_berserk, berserk_clicks, human="A")
    assert c.state.phase == "over"
    assert c.state.seats[c.viewer].name == "A"    # the board is seen from the player's seat
    who = movers(c.state)
    assert [str(a) for a, p in zip(c.state.actions, who) if p == "A"] == mine
    assert who.count("B") > 20                     # the computer played its whole side
    texts = [m.text("en") for m in said if m is not None]
    assert any(t.startswith("B (computer): ") for t in texts)
    # the computer's deal and its face-down squad are never named
    buys = [t for t in texts if t.startswith("B (computer): Buy")]
    assert buys and all(t == "B (computer): Buy (the card is hidden from you)" for t in buys)
    assert not any(t.startswith("B (computer): Place") and "#" in t for t in texts)


def test_whole_city_game_against_the_computer():
    c = CityController(city_game(players=2, seed=7, options={"rounds": 3}), "ru")
    bp = BotPlay(c, show_s=0)
    bp.start(human=1, level="easy")
    mine = play_out(c, bp, human_city, city_clicks, human=1)
    assert c.state.phase == "over"
    who = movers(c.state)
    assert [str(a) for a, p in zip(c.state.actions, who) if p == 1] == mine
    assert who.count(0) > 10
    assert c.status().startswith(w("status_over", "ru"))


def test_four_player_city_the_computer_plays_three_seats():
    c = CityController(city_game(players=4, seed=3, options={"rounds": 1}), "en")
    bp = BotPlay(c, show_s=0)
    bp.start(human=2, level="easy")
    assert bp.bot_seats == frozenset({0, 1, 3})
    play_out(c, bp, human_city, city_clicks, human=2)
    assert set(movers(c.state)) == {0, 1, 2, 3}


def test_the_players_actions_and_clicks_are_refused_while_the_computer_is_to_move():
    c = BerserkController(berserk_game(seed=5), "ru")
    bp = BotPlay(c, show_s=0)
    assert c.state.to_move == 1
    bp.bot_seats = frozenset({1})                  # the computer's seat, not thinking yet
    before = (list(c.state.actions), c.state.state_hash(), c.version)
    legal = c.legal()
    assert c.apply(legal[0]) is False
    assert c.message.kind == "info" and c.message.ru == w("bot_wait", "ru")
    assert c.choose(legal[0]) is False
    c.click("card:1")
    assert c.selected is None and c.message.ru == w("bot_wait", "ru")
    assert (list(c.state.actions), c.state.state_hash(), c.version) == before


def test_cancel_stops_a_think_promptly_and_leaves_the_position():
    c = CityController(city_game(players=2, seed=7), "en")
    for _ in range(3):                                # into the actions phase: many choices
        c.apply(human_city(c))
    while c.state.phase != "actions":
        c.apply(human_city(c))
    bp = BotPlay(c, show_s=0)
    before = (list(map(str, c.state.actions)), c.state.state_hash(), c.version)
    bp.level = "strong"
    assert bp.hint()
    deadline = time.monotonic() + 30
    while bp.task.progress == 0.0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert 0.0 < bp.task.progress < 1.0
    t = time.monotonic()
    bp.user_cancel()
    assert time.monotonic() - t < 1.0
    assert not bp.busy
    assert bp.current_advice() is None and c.considered is None
    assert c.message.en == w("bot_cancelled", "en")
    assert (list(map(str, c.state.actions)), c.state.state_hash(), c.version) == before


def test_cancelling_the_computers_move_keeps_its_turn_waiting():
    c = CityController(city_game(players=2, seed=7), "en")
    bp = BotPlay(c, show_s=5)                       # a long look at the lit move: cancel during it
    first = to_move(c.state)
    bp.start(human=1 - first, level="easy")
    deadline = time.monotonic() + 30
    while c.considered is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert c.considered is not None and not c.state.actions
    bp.user_cancel()
    assert not c.state.actions and bp.paused and bp.bot_to_move()
    assert c.apply(c.legal()[0]) is False            # still the computer's turn
    bp.show_s = 0
    assert bp.think()
    bp.wait()
    assert not bp.bot_to_move() and c.state.actions


@pytest.mark.parametrize("make", [lambda: BerserkController(berserk_game(seed=5), "en"),
                                  lambda: CityController(city_game(players=2, seed=7), "en")])
def test_the_hint_names_a_legal_action_and_lights_it(make):
    c = make()
    bp = BotPlay(c, show_s=0)
    if to_move(c.state) == 1 and c.GAME == "berserk":
        c.apply(c.legal()[0])
    assert bp.hint()
    bp.wait()
    adv = bp.current_advice()
    assert adv is not None and adv.action in c.legal()
    assert c.considered == adv.action
    assert 0.0 <= adv.win_chance <= 1.0
    assert adv.setup           # the first decision: a purchase, a start district (no win chance yet)
    for lang in ("ru", "en"):
        text = bp.hint_text(lang)
        assert c.action_label(adv.action, lang) in text and "%" not in text
    assert "Шанс на победу он пока не называет" in bp.hint_text("ru")
    # plain words for a student: how the computer chose it, no search jargon, no notation
    tries = sum(n for _a, _v, n in adv.alternatives)
    if c.GAME == "berserk":    # a classic purchase: the exact squad search chose it (bots.squads.best_squad)
        assert adv.order_look == "squad" and tries == 0
        assert "перебрал все наборы карт из раздачи" in bp.hint_text("ru")
        assert "tried every set of cards from the deal" in bp.hint_text("en")
    else:
        assert f"Компьютер {tries} раз просчитал в уме продолжение партии" in bp.hint_text("ru")
        assert f"played out the next moves in its head {tries} times" in bp.hint_text("en")
    for word in ("Поиск", "розыгрыш", "Search", "playout", "#1 ", ">"):
        assert word not in bp.hint_text("ru") + bp.hint_text("en")
    if len(adv.alternatives) > 1 and adv.alternatives[1][2] > 0:
        second = c.action_label(adv.alternatives[1][0], "en")
        assert f"The second-best move: {second[0].lower() + second[1:]}" in bp.hint_text("en")
    rules = list(adv.rule_ids) or (list(bp.advice_odds[1]) if bp.advice_odds is not None else [])
    if rules:                                        # «Правило: X.» for one rule, «Правила: X, Y.» for more
        head = ("Правило: ", "Rule: ") if len(rules) == 1 else ("Правила: ", "Rules: ")
        assert f"{head[0]}{', '.join(rules)}." in bp.hint_text("ru")
        assert f"{head[1]}{', '.join(rules)}." in bp.hint_text("en")
    if c.GAME == "berserk":
        assert c.focus_highlights() is not None
    c.apply(c.legal()[0])
    assert bp.current_advice() is None and bp.hint_text("en") == ""   # a new position: no stale hint


def test_the_review_marks_a_deliberately_bad_move():
    c = BerserkController(berserk_game(seed=6), "en")
    bp = BotPlay(c, show_s=0)
    bp.start(human=0, level="easy")
    assert c.state.to_move == 0 and not bp.busy       # A won the roll: the player starts
    c.choose("first")
    n = len(c.state.actions)
    c.choose("done")                                  # finish building with an empty squad
    c.choose("confirm:yes")
    bp.wait()
    assert c.state.phase == "over" and c.state.seats[c.state.winner].name == "B"
    bp.analyse()
    bp.wait()
    rows = bp.reviewed
    assert len(rows) == len(c.state.actions)
    bad = rows[n]
    assert (bad.who["en"], bad.label["en"]) == ("A", "Done")
    assert bad.mark in ("mistake", "blunder") and bad.loss >= 0.10
    assert bad.label["en"] != bad.best_label["en"]
    line = bp.review_line(bad, "ru")
    assert line.startswith(f"{n + 1}. A: Готово ?") and "шанса на победу" in line


def test_undo_takes_back_to_the_players_last_decision():
    c = CityController(city_game(players=2, seed=7), "en")
    bp = BotPlay(c, show_s=0)
    human = 1 - to_move(c.state)
    bp.start(human=human, level="easy")
    bp.wait()
    before = list(map(str, c.state.actions))
    c.apply(human_city(c))
    bp.wait()
    assert len(c.state.actions) > len(before) + 1   # the player's move and the computer's answer
    assert bp.undo()
    assert list(map(str, c.state.actions)) == before
    assert to_move(c.state) == human and not bp.busy


def test_unknown_level_is_refused():
    bp = BotPlay(CityController(city_game(players=2, seed=7), "en"))
    with pytest.raises(ValueError, match="unknown level 'hardest'"):
        bp.start(human=0, level="hardest")
    assert not bp.active


# --- the panel in the apps ---------------------------------------------------------------------

def test_the_panel_in_the_hot_seat_app_one_language_at_a_time():
    app = BerserkApp(berserk_game(seed=5), lang="en", setup_row=True)
    panel = app.bot_panel
    assert panel.box in app.side_top.children
    assert [label for label, _v in panel.opponent.options] == [
        "a second player at this screen", "the computer — easy", "the computer — normal", "the computer — strong"]
    panel.play.show_s = 0
    panel.seat.value = 0
    panel.opponent.value = "easy"
    assert panel.play.active and panel.play.bot_seats == frozenset({1})
    panel.play.wait()
    app.refresh()
    st = app.controller.state
    assert st.seats[st.to_move].name == "A"
    assert panel.hint_button.description == "Hint" and not panel.hint_button.disabled
    # the upload shows its label only (the class hides FileUpload's "(0)" counter, see app_parts)
    assert "file-open" in panel.upload._dom_classes
    assert panel.upload.description == panel.upload.tooltip == "Open a game file…"
    app.lang_toggle.value = "ru"
    assert panel.upload.description == panel.upload.tooltip == "Открыть файл партии…"
    assert panel.opponent.options[1][0] == "компьютер — лёгкий"
    assert panel.hint_button.description == "Подсказка"
    assert panel.seat_label.value.startswith("Вы играете за")
    assert app.viewer_toggle.disabled                  # no peeking at the computer's cards
    panel.opponent.value = ""
    assert not panel.play.active and app.controller.viewer_mode is None
    assert not app.viewer_toggle.disabled


def test_while_the_computer_is_to_move_its_choices_are_not_shown():
    app = CityApp(city_game(players=2, seed=7), lang="en", setup_row=True)
    bp = app.bot_panel.play
    bp.bot_seats = frozenset({to_move(app.controller.state)})
    app.refresh()
    assert app.prompt_buttons.children == () or list(app.prompt_buttons.children) == []
    assert list(app.actions_dropdown.options) == [(w("no_actions", "en"), "")]
    assert app.bot_panel.resume_button.layout.display == ""     # «Let the computer move»
    assert app.bot_panel.hint_button.disabled


def test_a_bad_record_file_is_named_not_a_traceback():
    app = CityApp(city_game(players=2, seed=7), lang="en", setup_row=True)
    panel = app.bot_panel
    panel._load([{"name": "broken.json", "content": b"{not json"}])
    assert "broken.json" in panel.review_note.value and not app.errors
    panel._load([{"name": "other.json", "content": b'{"game": "berserk", "actions": []}'}])
    assert "other.json" in panel.review_note.value and "another game: berserk" in panel.review_note.value
    panel._load([{"name": "bad.json", "content": b'{"game": "city", "actions": 5}'}])
    assert "bad.json" in panel.review_note.value and "setup" in panel.review_note.value
    assert not app.errors and panel.play.reviewed is None and app.replay is None


def test_a_record_file_opens_on_the_review_board_and_is_analysed():
    import json

    from berserk_kernel.city.record import record_of
    c = CityController(city_game(players=2, seed=7, options={"rounds": 1}), "en")
    while c.state.phase != "over":
        c.apply(human_city(c))
    app = CityApp(city_game(players=2, seed=1), lang="en", setup_row=True)
    panel = app.bot_panel
    panel._load([{"name": "game.json", "content": json.dumps(record_of(c.state)).encode()}])
    assert not app.errors, app.errors
    panel.play.wait()
    assert app.replay is not None and len(app.replay.controller) == len(c.state.actions)
    assert len(panel.play.reviewed) == len(c.state.actions)
    app.refresh()
    assert len(panel.moves.options) == len(c.state.actions)
    panel.moves.value = 3
    assert app.replay.controller.index == 4


def test_the_log_does_not_name_the_computers_hidden_cards():
    c = BerserkController(berserk_game(seed=6), "ru")
    bp = BotPlay(c, show_s=0)
    bp.start(human=0, level="easy")
    c.choose("first")
    mine = next(a for a in c.legal() if a.kind == "buy")
    c.choose(mine)
    c.choose("done")
    bp.wait()
    s = c.state
    assert s.phase == "place" and s.seats[s.to_move].name == "A"
    bot = next(p for p in (0, 1) if s.seats[p].name == "B")
    squad = [u for u in s.seats[bot].squad]
    assert squad
    hidden_names = {s.defs[s.cards[u].card].name.ru for u in squad}
    lines = [text for _i, text in c.log_lines()]
    assert w("log_hidden", "ru") in lines
    assert not any(f"«{n}»" in t for t in lines for n in hidden_names
                   if n != s.defs[s.cards[mine.card].card].name.ru)
    assert any(s.defs[s.cards[mine.card].card].name.ru in t for t in lines)   # the player's own buy
    bp.stop()                                                                 # hot seat: every line
    assert w("log_hidden", "ru") not in [text for _i, text in c.log_lines()]


def test_cancelling_the_analysis_leaves_no_half_review():
    c = CityController(city_game(players=2, seed=7, options={"rounds": 2}), "en")
    while c.state.phase != "over":
        c.apply(human_city(c))
    before = (list(map(str, c.state.actions)), c.state.state_hash(), c.version)
    bp = BotPlay(c, show_s=0)
    assert bp.analyse()
    deadline = time.monotonic() + 30
    while bp.task.progress == 0.0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert 0.0 < bp.task.progress < 1.0
    bp.user_cancel()
    assert not bp.busy and bp.reviewed is None
    assert c.message.en == w("bot_cancelled", "en")
    assert (list(map(str, c.state.actions)), c.state.state_hash(), c.version) == before


def test_the_hint_words_of_a_strike_in_plain_words_with_the_exact_odds():
    """why_words: the fight table's exact odds (not repeating the action just named), how the
    computer chose it, its chance to win, the second-best move by its label; both languages."""
    from berserk_kernel.berserk import position
    from widgets.bot_advice import Advice, explain, why_words
    c = BerserkController(position("A gorge_warden c2", "B bog_troll c3"), "ru")
    strike = next(a for a in c.legal() if a.kind == "strike")
    end = next(a for a in c.legal() if a.kind == "end")
    adv = Advice(strike, 0.62, {}, ("BR-10.3", "BR-10.4"), [(strike, 0.62, 30), (end, 0.41, 10)])
    odds = explain(c.state, strike, 0)
    ru = why_words(adv, odds, c.action_label, "ru")
    en = why_words(adv, odds, c.action_label, "en")
    assert ru.startswith("По таблице боя (BR-10.3, BR-10.4) шанс убить — ") and c.action_label(strike, "ru") not in ru
    assert en.startswith("By the fight table (BR-10.3, BR-10.4) the chance to kill is ")
    assert re.search(r"\(\d+/\d+\)", ru) and re.search(r"\(\d+/\d+\)", en)          # exact fractions
    assert "Компьютер 40 раз просчитал в уме продолжение партии, пробуя разные ходы, и чаще всего (30 раз) выбирал этот." in ru
    assert "около 62%" in ru and "Второй по силе ход — закончить ход: около 41%." in ru
    assert "played out the next moves in its head 40 times" in en and "(30 times)" in en
    assert "The second-best move: end the turn, about 41%." in en


def test_the_hint_words_in_the_squad_building_name_no_win_chance():
    """In the set-up (squads still being bought) the evaluation compares only what is bought:
    the hint says how the computer chose and that it names no chance yet, no percentage."""
    from widgets.bot_advice import Advice, why_words
    c = BerserkController(berserk_game(seed=3), "ru")
    while c.state.phase != "build":
        c.apply(c.legal()[0])
    buys = [a for a in c.legal() if a.kind == "buy"]
    adv = Advice(buys[0], 0.04, {}, (), [(buys[0], 0.04, 6), (buys[1], 0.04, 5)], True)
    ru = why_words(adv, None, c.action_label, "ru")
    en = why_words(adv, None, c.action_label, "en")
    assert "%" not in ru and "%" not in en
    assert "(6 раз) выбирал этот. Шанс на победу он пока не называет" in ru
    assert "Второй по силе ход — купить" in ru and ru.endswith(".")
    assert "It names no chance to win yet" in en and "The second-best move: buy" in en


def test_the_analysis_shows_its_progress_and_cancel_in_the_review_fold_too():
    c = CityController(city_game(players=2, seed=7, options={"rounds": 2}), "ru")
    while c.state.phase != "over":
        c.apply(human_city(c))
    app = CityApp(controller=c, setup_row=True)
    panel = app.bot_panel
    row = panel.review_parts()[0].children           # beside the button «Review the moves»
    assert row[0] is panel.analyse_button and panel.review_busy_row in row
    assert panel.review_busy_row.layout.display == "none"
    panel._on_analyse(None)
    bp = panel.play
    deadline = time.monotonic() + 30
    while bp.busy and bp.task.progress == 0.0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert bp.busy and bp.task.kind == "review"
    panel.refresh()
    assert panel.review_busy_row.layout.display == ""
    assert "Компьютер разбирает партию…" in panel.review_busy.value and "%" in panel.review_busy.value
    assert panel.review_cancel.description == "Отменить"
    panel.review_cancel.click()
    assert not bp.busy and bp.reviewed is None
    assert c.message.ru == w("bot_cancelled", "ru")
    assert panel.review_busy_row.layout.display == "none" and panel.review_busy.value == ""


def test_the_computers_hidden_cards_are_never_selected_or_lit_while_it_builds_and_places():
    c = BerserkController(berserk_game(seed=6), "en")
    bp = BotPlay(c, show_s=0)
    shown, selected = [], []
    consider = c.consider

    def spy(action, tried=False):
        if action is not None:
            shown.append((action, bp.secret(action)))     # hidden when it is lit, not later
            selected.append(c.selected)
        consider(action, tried)

    c.consider = spy
    bp.start(human=0, level="easy")
    bot_moves = 0
    while c.state.phase in ("order", "build", "place", "reveal", "attach") and bot_moves < 400:
        if bp.bot_to_move():
            bp.think()
            bp.wait()
            bot_moves += 1
            continue
        assert c.state.to_move == bp.human
        c.apply(human_berserk(c))
        bp.wait()
    placed = [a for a in c.state.actions if a.kind == "place" and c.state.cards[a.card].owner in bp.bot_seats]
    assert placed, "the computer placed no card"
    assert not any(hidden for _a, hidden in shown), shown   # never its deal, squad or face-down place
    assert all(u is None or c.state.cards[u].owner not in bp.bot_seats for u in selected)
    # while it is to move, the controller selects none of its cards (its squad is hidden)
    c.hold = lambda: ("wait", "wait")
    c.selected = placed[0].card
    c._normalise()
    assert c.selected is None


def test_the_hint_words_of_the_order_decision_name_the_squads_look():
    from widgets.bot_advice import ORDER_WORLDS, Advice, why_words
    c = BerserkController(berserk_game(seed=3), "ru")
    assert c.state.phase == "order"
    first = next(a for a in c.legal() if str(a) == "first")
    second = next(a for a in c.legal() if str(a) == "second")
    adv = Advice(first, 0.7, {}, (), [(first, 0.7, 3), (second, 0.3, 7)], True, "build")
    ru, en = why_words(adv, None, c.action_label, "ru"), why_words(adv, None, c.action_label, "en")
    assert f"Компьютер {ORDER_WORLDS} раз набрал в уме отряды обоих игроков" in ru
    assert "выбирал этот" not in ru and "%" not in ru and "Второй по силе" not in ru
    assert "built both players' squads in its head" in en and "%" not in en
