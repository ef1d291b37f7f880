"""CityController without a browser: clicks, lit districts, numbers of forces, prompts, refusals,
undo, language. Expectations are read from the kernel (legal_actions, explain, attack_odds)."""
from __future__ import annotations

import pytest

from berserk_kernel.city import load_scenario, new_game
from berserk_kernel.core.dice import Dice
from tests.widgets.helpers import city_clicks
from widgets import CityApp, CityController
from widgets.city_controller import _shape


def position(districts: dict, *, players=2, phase="actions", current=0, influence=None, map="default", seed=1):
    # every player's first district is its headquarters (R-CITY-HQ: after the picks each has one)
    hq = [min((d for d, (o, _f) in districts.items() if o == p), default=None) for p in range(players)]
    pos = {"phase": phase, "round": 1, "current": current,
           "districts": {str(d): {"owner": o, "forces": f} for d, (o, f) in districts.items()},
           "influence": influence if influence is not None else [0] * players, "hq": hq}
    return load_scenario({"game": "city", "setup": {"players": players, "map": map, "seed": seed}, "position": pos})


def started(seed=1, players=2):
    """A new game after the picks, in the first player's Actions phase."""
    s = new_game(players=players, seed=seed)
    c = CityController(s, lang="ru")
    while s.phase == "pick":
        c.click(f"district:{min(a.dst for a in s.legal_actions())}")
    c.choose("draw")
    c.choose("income")
    assert s.phase == "actions"
    return c


# --- prompts ---------------------------------------------------------------------------------------

def test_pick_phase_lights_the_start_districts_and_a_click_picks():
    s = new_game(players=3, seed=2)
    c = CityController(s)
    assert c.highlights().lit == {a.dst for a in s.legal_actions()}
    p = c.prompt()
    assert p.seat == s.current_player() and p.actions == []   # nothing to press: click a district
    d = min(c.highlights().lit)
    who = s.current_player()
    c.click(f"district:{d}")
    assert s.owner[d] == who and s.current_player() != who


def test_event_and_income_are_buttons_for_the_current_player_only():
    s = new_game(players=2, seed=1)
    c = CityController(s)
    while s.phase == "pick":
        c.click(f"district:{min(a.dst for a in s.legal_actions())}")
    p = c.prompt()
    assert p.seat == s.current_player()
    assert [a for _l, a in p.actions] == s.legal_actions()         # just "draw"
    # a click on the map now is refused by the phase rule
    m = c.click("district:13")
    assert m.kind == "illegal" and m.rule_id == s.explain("attack 12>13 1").rule_id
    c.choose(p.actions[0][1])
    assert s.phase == "income"
    assert [a for _l, a in c.prompt().actions] == s.legal_actions()


def test_no_prompt_when_over():
    s = position({1: (0, 3), 5: (1, 3)})
    s2 = s.copy()
    rng = Dice(3)
    while s2.phase != "over":
        acts = s2.legal_actions()
        s2.apply(acts[rng.randbelow(len(acts))] if s2.phase != "actions" or rng.randbelow(3) else "end")
    c = CityController(s2)
    assert c.prompt() is None and c.legal() == []


# --- clicks ---------------------------------------------------------------------------------------

def test_capture_lights_the_frontier_and_a_click_captures():
    c = started()
    s = c.state
    captures = {a.dst for a in s.legal_actions() if a.verb == "capture"}
    assert captures and captures <= c.highlights().lit
    d = min(captures)
    c.click(f"district:{d}")
    assert s.owner[d] == s.current_player() and s.actions[-1].verb == "capture"


def test_select_a_source_lights_its_destinations_and_asks_the_number():
    s = position({7: (0, 6), 8: (0, 0), 9: (1, 2), 10: (1, 1)}, influence=[0, 0])
    c = CityController(s, lang="en")
    c.click("district:7")
    assert c.selected == 7
    routes = [a for a in s.legal_actions() if a.src == 7]
    h = c.highlights()
    assert h.lit | h.targets >= {a.dst for a in routes}
    assert h.targets == {a.dst for a in routes if s.owner[a.dst] not in (None, 0)}
    c.click("district:8")                         # redeploy: several numbers possible
    assert c.amount is not None and c.amount.verb == "redeploy"
    assert set(c.amount.counts) == {a.count for a in routes if a.dst == 8 and a.verb == "redeploy"}
    c.set_amount(2)
    assert c.confirm_amount()
    assert s.actions[-1] == s.parse_action("redeploy 7>8 2")
    assert s.forces[8] == 2


def test_attack_number_and_exact_odds():
    s = position({7: (0, 6), 8: (1, 2), 3: (1, 1)}, influence=[0, 0])
    c = CityController(s, lang="en")
    c.click("district:7")
    c.set_hover("district:8")
    a = c.considered_attack()
    assert a is not None and (a.src, a.dst, a.count) == (7, 8, 6)
    o = c.odds()
    k = s.attack_odds(a)
    assert (o["capture"], o["hold"], o["wipe"]) == (k.capture, k.hold, k.wipe)
    c.click("district:8")
    assert c.amount.verb == "attack"
    c.set_amount(3)
    assert c.odds()["attackers"] == 3 and c.odds()["capture"] == s.attack_odds("attack 7>8 3").capture
    n = len(s.log)
    assert c.confirm_amount()
    assert s.actions[-1] == s.parse_action("attack 7>8 3") and len(s.log) > n
    assert c.last_roll()["rows"][0][1] == s.log[-4].data.get("attack", s.last_battle["rolls_attack"]) or c.last_roll()


def test_reinforce_options_for_a_selected_district():
    s = position({7: (0, 2), 9: (1, 2)}, influence=[5, 0])
    c = CityController(s, lang="en")
    c.click("district:7")
    opts = dict(c.at_options())
    assert set(opts["reinforce"]) == {a.count for a in s.legal_actions() if a.verb == "reinforce" and a.dst == 7}
    assert c.apply(s.parse_action(f"reinforce 7 +{max(opts['reinforce'])}"))


def test_illegal_clicks_name_the_kernels_rule():
    s = position({1: (0, 3), 13: (1, 3), 25: (1, 2)}, influence=[1, 0])
    c = CityController(s, lang="en")
    # an enemy district with nothing selected: the capture rule says it must be attacked
    m = c.click("district:13")
    v = s.explain("capture 13")
    assert m.kind == "illegal" and (m.rule_id, m.en) == (v.rule_id, v.en)
    # a source selected, an enemy district that does not touch it
    c.click("district:1")
    assert c.selected == 1
    m = c.click("district:13")
    v = s.explain("attack 1>13 3")
    assert m.kind == "illegal" and (m.rule_id, m.en) == (v.rule_id, v.en)
    # a free district away from the territory
    c.select(None)
    m = c.click("district:20")
    v = s.explain("capture 20")
    assert (m.rule_id, m.en) == (v.rule_id, v.en)
    assert s.actions == []


def test_own_district_without_money_explains_the_price():
    s = position({1: (0, 0), 13: (1, 3), 25: (1, 2)}, influence=[0, 0])
    c = CityController(s, lang="en")
    m = c.click("district:1")
    v = s.explain("reinforce 1 +1")
    assert m.kind == "illegal" and m.rule_id == v.rule_id == "CITY-3.4"


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4)])
def test_a_whole_game_by_clicks(seed, players):
    s = new_game(players=players, seed=seed, options={"rounds": 3})
    c = CityController(s)
    rng = Dice(seed)
    for _ in range(3000):
        if s.phase == "over":
            break
        acts = s.legal_actions()
        if s.phase == "actions" and rng.randbelow(10) < 3:
            a = s.parse_action("end")
        else:
            verbs = sorted({x.verb for x in acts})
            verb = verbs[rng.randbelow(len(verbs))]
            group = [x for x in acts if x.verb == verb]
            a = group[rng.randbelow(len(group))]
        n = len(s.actions)
        city_clicks(c, a)
        assert len(s.actions) == n + 1 and s.actions[-1] == a, (a, c.message)
        if s.phase != "over":
            p = c.prompt()
            assert p.seat == s.current_player()
            assert all(x in s.legal_actions() for _l, x in p.actions)
            assert c.end_reason() == ""
    assert s.phase == "over"
    assert c.prompt() is None
    # why it is over: the kernel's closing line (the scores and the winners), without its rule tag
    assert c.end_reason() == s.log[-1].text(c.lang) and c.end_reason().startswith("Конец игры (")


# --- undo, language, panels, app -----------------------------------------------------------------------

def test_undo_redo():
    c = started()
    s = c.state
    h = s.state_hash()
    d = min(a.dst for a in s.legal_actions() if a.verb == "capture")
    c.click(f"district:{d}")
    h1 = s.state_hash()
    assert c.undo() and s.state_hash() == h
    assert c.redo() and s.state_hash() == h1


def test_language_switch():
    c = started()
    ru = (c.status(), c.prompt().title, c.hint())
    c.set_lang("en")
    en = (c.status(), c.prompt().title, c.hint())
    assert all(a != b for a, b in zip(ru, en))
    assert "Actions" in en[0] and "Действия" in ru[0]
    assert c.event() is None or c.event()["name"] == c.state.deck_def[c.state.last_event].name.en


def test_scene_adds_hit_areas_for_lit_districts():
    c = started()
    sc = c.scene()
    lit = c.highlights().lit
    tags = {s.hit for s in sc.layer("highlight") if getattr(s, "hit", None)}
    assert {f"district:{d}" for d in lit} <= tags
    for d in lit:
        r = next(s for s in sc.layer("highlight") if getattr(s, "hit", None) == f"district:{d}")
        assert sc.hit_at(r.x + r.w / 2, r.y + r.h / 2) == f"district:{d}"


def test_app_builds_new_games_and_acts():
    app = CityApp(new_game(players=2, seed=4), lang="ru", setup_row=True)
    assert app.errors == [] and app.children[-2].children[-1] is app.new_button   # the row under the board
    assert CityApp(new_game(players=2, seed=4)).children[-2] is not None
    assert not any(getattr(ch, "children", None) and app.new_button in ch.children
                   for ch in CityApp(new_game(players=2, seed=4)).children)   # lessons: no set-up row
    s = app.controller.state
    tag = f"district:{min(a.dst for a in s.legal_actions())}"
    r = next(x for x in app.view.scene.shapes if getattr(x, "hit", None) == tag)
    app.view._mouse_down(r.x + r.w / 2, r.y + r.h / 2)
    assert len(s.actions) == 1
    app.players_toggle.value = 4
    assert all("4" in label.split("(")[-1] or "-4" in label for label, _v in app.map_dropdown.options)
    app.new_button.click()
    assert app.controller.state.players == 4 and app.errors == []
    app.lang_toggle.value = "en"
    assert "To decide" in app.status_html.value
    assert app.controller.state.phase == "pick" and app.prompt_buttons.children == ()   # picks: on the board
    who = app.controller.name(app.controller.seat, "en")
    assert f"{who} to decide: pick a start district (lit)" in app.prompt_title.value
    app.review_button.click()
    assert app.replay is not None and app.errors == []


def test_app_amount_slider_and_reinforce_panel():
    s = position({7: (0, 6), 8: (0, 0), 9: (1, 2), 10: (1, 1)}, influence=[6, 0])
    app = CityApp(s, lang="en")
    c = app.controller
    c.click("district:7")
    app.refresh()
    assert app.at_box.layout.display != "none"
    app.at_slider.value = 2
    assert "CITY-3.4" in app.at_note.value
    app.at_button.click()
    assert s.actions[-1] == s.parse_action("reinforce 7 +2")
    c.click("district:7")
    c.click("district:8")
    app.refresh()
    assert app.amount_box.layout.display != "none"
    app.amount_slider.value = 3
    app.amount_ok.click()
    assert s.actions[-1] == s.parse_action("redeploy 7>8 3") and app.errors == []


def test_any_click_anywhere_is_answered_without_error():
    s = new_game(players=3, seed=9, options={"rounds": 2})
    c = CityController(s, lang="en")
    rng = Dice(9)
    while s.phase != "over":
        for d in list(s.map.numbers) + [0, 999]:
            m = c.click(f"district:{d}")
            if m is not None and m.kind == "illegal":
                assert m.rule_id == "" or m.rule_id in s.RULES, m
            if c.amount is not None:
                c.cancel_amount()
        c.click(None)
        c.select(None)
        if s.phase == "over":
            break
        acts = s.legal_actions()
        s.apply(acts[rng.randbelow(len(acts))] if s.phase != "actions" or rng.randbelow(3) else "end")
        c.reset()


# --- words, steady panels, real odds -----------------------------------------------------------------

def test_labels_are_sentences_with_counted_forces():
    s = position({7: (0, 6), 8: (0, 0), 9: (1, 2)}, influence=[6, 0])
    c = CityController(s, lang="ru")
    p = s.parse_action
    assert c.action_label(p("capture 6")) == "Захватить район 6"
    assert c.action_label(p("move 22>13 4")) == "Ввести 4 силы из района 22 в район 13"
    assert c.action_label(p("move 22>13 1")) == "Ввести 1 силу из района 22 в район 13"
    assert c.action_label(p("redeploy 7>8 5")) == "Перебросить 5 сил из района 7 в район 8"
    assert c.action_label(p("reinforce 7 +2")) == "Усилить район 7 на 2 силы"
    assert c.action_label(p("attack 7>9 21")) == "Атаковать район 9 из района 7 (21 сила)"
    assert c.action_label(p("end")) == "Закончить ход"
    assert c.action_label(p("move 22>13 1"), "en") == "Bring 1 force from district 22 into district 13"
    assert c.action_label(p("attack 7>9 3"), "en") == "Attack district 9 from district 7 with 3 forces"
    for a in s.legal_actions():
        assert "[" not in c.action_label(a) and "[" not in c.action_label(a, "en")


def test_cancel_clears_the_question_and_the_route():
    s = position({7: (0, 6), 8: (0, 0), 3: (1, 1)}, influence=[0, 0])
    c = CityController(s, lang="ru")
    c.click("district:7")
    c.click("district:8")
    assert c.amount is not None and c.message.ru.startswith("Сколько сил")
    c.cancel_amount()
    assert (c.amount, c.selected, c.message, c.choices) == (None, None, None, [])
    assert c.highlights().selected is None
    app = CityApp(s, lang="ru")
    app.controller.click("district:7")
    app.controller.click("district:8")
    app.refresh()
    assert "Сколько сил" in app.message_html.value
    app.amount_cancel.click()
    assert "Сколько сил" not in app.message_html.value and app.amount_box.layout.display == "none"


def test_odds_are_the_real_odds_when_a_lesson_forces_the_dice():
    s = position({7: (0, 6), 8: (1, 2), 3: (1, 1)}, influence=[0, 0])
    s.dice.force(1, 1, 1, 1, 1, 1, 10, 10)          # a lesson's fixed rolls: the attack would fail
    c = CityController(s, lang="en")
    c.click("district:7")
    c.set_hover("district:8")
    o = c.odds()
    real = position({7: (0, 6), 8: (1, 2), 3: (1, 1)}, influence=[0, 0]).attack_odds("attack 7>8 6")
    assert (o["capture"], o["hold"], o["wipe"]) == (real.capture, real.hold, real.wipe)
    assert 0 < o["capture"] < 1
    assert s.attack_odds("attack 7>8 6").capture != o["capture"]   # the kernel's own: with the forced dice


def test_dice_panel_shows_only_this_turns_rolls():
    c = started()
    s = c.state
    assert c.last_roll() is None          # the initiative rolls belong to the set-up, not to this turn
    c.undo()
    c.undo()
    c.undo()                              # back in the picks: the set-up rolls are the latest
    assert s.phase == "pick" or c.last_roll() is None


def test_the_board_text_line_names_what_is_lit_in_words():
    """«Подсвечено — ваши районы, которые можно выбрать: …»; after a selection the one district
    lit in the singular, the attack targets."""
    from widgets.lesson_data import build_position, load_lesson
    s = build_position(load_lesson("11_city_combat_and_odds"), 0)
    c = CityController(s, lang="en")
    assert c.hint() == "Lit — your districts you can select: 13, 18"
    c.click("district:13")
    assert c.hint() == "Selected: district 13. Lit — district 18; attack targets: 14"
    c.lang = "ru"
    assert c.hint() == "Выбрано: район 13. Подсвечено — район 18; цели атаки: 14"
