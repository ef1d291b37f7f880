"""BerserkController without a browser: clicks, highlights, prompts, refusals, undo, language.

Every expectation is read from the kernel (legal_actions, explain), never restated here."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import new_game, odds_for, position
from berserk_kernel.berserk.agents import choose
from berserk_kernel.berserk.field import cell_name, parse_cell
from berserk_kernel.core.dice import Dice
from tests.widgets.helpers import berserk_clicks
from widgets import BerserkApp, BerserkController
from widgets.berserk_app import _shape, object_cards


def battle():
    """The start page's position: A's warden (#1) and boar (#4) face B's troll (#2), militia (#3)."""
    return position("A gorge_warden c3", "B bog_troll c4", "B fen_militiaman d4", "A forest_boar b3")


def placing(seed=5):
    """A new game played up to placement through the controller (both squads bought)."""
    s = new_game(seed=seed)
    c = BerserkController(s, lang="ru")
    c.choose("first")
    for _ in range(2):
        bought = 0
        while bought < 4:
            buys = [a for a in c.legal() if a.kind == "buy"]
            if not buys:
                break
            assert c.apply(buys[0])
            bought += 1
        assert c.apply("done")
    assert s.phase == "place", s.phase
    return c


# --- prompts -------------------------------------------------------------------------------------

def test_first_prompt_is_the_roll_winners_choice():
    s = new_game(seed=3)
    c = BerserkController(s, lang="ru")
    p = c.prompt()
    assert p.seat == s.to_move
    assert [a for _l, a in p.actions] == [a for a in s.legal_actions() if _shape(a) == ""]
    assert p.rule_id and p.rule_id in s.RULES
    assert s.seats[s.to_move].name in p.title


def test_prompt_buttons_are_exactly_the_legal_choices_of_the_decider():
    s = battle()
    c = BerserkController(s, lang="en")
    assert c.apply("strike #1 #2")
    assert s.pending and s.pending["kind"] == "defend"
    p = c.prompt()
    assert p.seat == s.to_move == 1                     # the target's owner answers
    offered = {a for _l, a in p.actions}
    assert offered == set(s.legal_actions())            # defend #3 and nodefend, nothing else
    # the defender is lit on the board for the deciding player, and a click on it defends
    h = c.highlights()
    defenders = {a.card for a in s.legal_actions() if a.kind == "defend"}
    assert defenders and defenders <= h.cards
    before = len(s.actions)
    c.click(f"card:{min(defenders)}")
    assert len(s.actions) == before + 1 and s.actions[-1].kind == "defend"


def test_no_prompt_when_the_game_is_over():
    s = battle()
    rng = Dice(4)
    while s.phase != "over":
        s.apply(choose(s, rng))
    c = BerserkController(s)
    assert c.prompt() is None
    assert c.legal() == []
    assert c.hand() == []


def test_choice_prompt_only_for_the_chooser():
    # force a +4 difference: white 6, black 2 (R-BR-FIGHT: the attacker chooses)
    s = position("A gorge_warden c3", "B bog_troll c4", forced=(6, 2))
    c = BerserkController(s)
    c.click("card:1")
    c.click("card:2")
    assert s.pending and s.pending["kind"] == "choice"
    p = c.prompt()
    assert p.seat == s.to_move == s.pending["seat"]
    assert {a.kind for _l, a in p.actions} == {a.kind for a in s.legal_actions()}


# --- clicks and highlights -------------------------------------------------------------------------

def test_selecting_a_card_lights_exactly_its_legal_moves_and_targets():
    s = battle()
    c = BerserkController(s)
    h0 = c.highlights()
    actors = {a.card for a in s.legal_actions() if a.card is not None}
    assert h0.cards == frozenset(actors) and not h0.cells and not h0.targets
    c.click("card:1")
    assert c.selected == 1
    mine = [a for a in s.legal_actions() if a.card == 1]
    h = c.highlights()
    assert h.cells == {a.cell for a in mine if a.cell is not None}
    objects = {o for a in mine for o in object_cards(a)}
    assert h.targets | h.cards == objects
    assert h.targets == {o for o in objects if s.cards[o].owner != 0}
    # the scene draws the lit cells on the highlight layer with their hit tags
    tags = {sh.hit for sh in c.scene().layer("highlight") if getattr(sh, "hit", None)}
    assert {f"cell:{cell_name(x)}" for x in h.cells} <= tags
    assert {f"card:{u}" for u in h.targets} <= tags


def test_click_on_a_lit_cell_moves_and_the_log_grows():
    s = battle()
    c = BerserkController(s)
    c.click("card:1")
    move = next(a for a in s.legal_actions() if a.card == 1 and a.kind == "move")
    n = len(s.log)
    m = c.click(f"cell:{cell_name(move.cell)}")
    assert m.kind == "done"
    assert s.actions[-1] == move and len(s.log) > n
    assert c.selected is None


def test_second_click_on_the_selected_card_drops_it():
    c = BerserkController(battle())
    c.click("card:1")
    c.click("card:1")
    assert c.selected is None
    c.click("card:1")
    c.click(None)
    assert c.selected is None


def test_illegal_clicks_name_the_kernels_rule():
    s = battle()
    c = BerserkController(s, lang="en")
    # an enemy card is not the player's to act with
    m = c.click("card:2")
    probe = s.explain(f"move #2 {cell_name(s.cards[2].cell)}")
    assert m.kind == "illegal" and m.rule_id == probe.rule_id and m.en == probe.en
    assert m.text("en").startswith(probe.rule_id + ":")
    # a selected card and a cell it cannot step to
    c.click("card:1")
    far = next(x for x in range(30) if s.cells[x] is None and f"move #1 {cell_name(x)}" not in
               {str(a) for a in s.legal_actions()})
    m = c.click(f"cell:{cell_name(far)}")
    v = s.explain(f"move #1 {cell_name(far)}")
    assert not v.ok and (m.rule_id, m.en) == (v.rule_id, v.en)
    assert len(s.actions) == 0


def test_closed_card_is_refused_by_its_rule():
    s = position("A gorge_warden c3 closed", "B bog_troll c5", "A forest_boar a1")
    c = BerserkController(s)
    m = c.click("card:1")
    v = s.explain("move #1 c2")
    assert m.kind == "illegal" and m.rule_id == v.rule_id


def test_strike_out_of_reach_gives_the_adjacency_rule():
    s = position("A gorge_warden a1", "B bog_troll e6", "A forest_boar b1")
    c = BerserkController(s)
    c.click("card:1")
    m = c.click("card:2")
    v = s.explain("strike #1 #2")
    assert not v.ok and m.rule_id == v.rule_id


def test_placement_auto_selects_a_squad_card_and_places_it_on_a_lit_cell():
    c = placing()
    s = c.state
    sel = c.selected
    assert sel is not None and not c.on_board(sel)
    cells = {a.cell for a in s.legal_actions() if a.card == sel}
    assert c.highlights().cells == cells
    hand = c.hand()
    assert any(it.selected and it.uid == sel for it in hand)
    # a cell on the enemy half is refused with the kernel's rule
    enemy_half = next(x for x in range(30) if x not in cells and (x >= 15) != (s.to_move == 1))
    m = c.click(f"cell:{cell_name(enemy_half)}")
    v = s.explain(f"place #{sel} {cell_name(enemy_half)}")
    assert m.kind == "illegal" and m.rule_id == v.rule_id
    target = min(cells)
    c.click(f"cell:{cell_name(target)}")
    assert s.cells[target] == sel
    assert c.selected is not None and c.selected != sel          # the next squad card


def test_selecting_another_squad_card_from_the_list():
    c = placing()
    items = [it for it in c.hand() if it.enabled]
    other = items[-1].uid
    c.select(other)
    assert c.selected == other
    assert c.highlights().cells == {a.cell for a in c.legal() if a.card == other}


def test_buying_lists_the_deal_with_costs_and_reasons():
    s = new_game(seed=5)
    c = BerserkController(s, lang="en")
    c.choose("first")
    hand = c.hand()
    deal = list(s.seats[s.to_move].deal)
    assert {it.uid for it in hand} == set(deal)
    for it in hand:
        assert "cost" in it.label
        if it.enabled:
            assert it.actions and all(a in s.legal_actions() for a in it.actions)
        else:
            assert it.reason.split(":")[0] in s.RULES
    assert "gold" in c.crystals()
    buy = next(it for it in hand if it.enabled).actions[0]
    assert c.choose(buy) and s.actions[-1] == buy


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_whole_game_can_be_played_by_clicks_and_buttons(seed):
    s = new_game(seed=seed)
    c = BerserkController(s)
    rng = Dice(seed)
    for _ in range(5000):
        if s.phase == "over":
            break
        a = choose(s, rng)
        n = len(s.actions)
        berserk_clicks(c, a)
        assert len(s.actions) == n + 1 and s.actions[-1] == a, (a, c.message)
        p = c.prompt()
        if s.phase != "over":
            assert p is not None and p.seat == s.to_move
            assert all(x in c.legal() for _l, x in p.actions)
        h = c.highlights()
        assert h.cells <= set(range(30))
    assert s.phase == "over"
    assert c.prompt() is None


# --- undo, redo, language, odds, log, dice -----------------------------------------------------------

def test_undo_and_redo_restore_the_position():
    s = battle()
    c = BerserkController(s)
    h0 = s.state_hash()
    move = next(a for a in s.legal_actions() if a.kind == "move")
    c.apply(move)
    h1 = s.state_hash()
    assert c.undo() and s.state_hash() == h0
    assert c.redo() and s.state_hash() == h1
    assert not c.redo()
    while c.undo():
        pass
    assert s.state_hash() == h0 and not c.state.can_undo()


def test_language_switch_changes_every_text():
    s = battle()
    c = BerserkController(s, lang="ru")
    c.click("card:2")
    ru = (c.status(), c.prompt().title, c.hint(), c.message.text("ru"), c.log_lines()[-1][1] if s.log else "")
    c.set_lang("en")
    en = (c.status(), c.prompt().title, c.hint(), c.message.text(c.lang), c.log_lines()[-1][1] if s.log else "")
    assert all(a != b for a, b in zip(ru[:4], en[:4])), (ru, en)
    assert "To decide" in en[0] and "Решает" in ru[0]
    c.set_lang("de")
    assert c.lang == "ru"


def test_page_language_comes_from_the_query_string(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    assert BerserkController(battle()).lang == "en"
    monkeypatch.setenv("QUERY_STRING", "x=1")
    assert BerserkController(battle()).lang == "ru"
    monkeypatch.delenv("QUERY_STRING")
    assert BerserkController(battle()).lang == "ru"


def test_strike_odds_are_the_kernels():
    s = battle()
    c = BerserkController(s)
    c.click("card:1")
    c.set_hover("card:2")
    assert c.considered_strike() == (1, 2)
    o = c.odds()
    k = odds_for(s, 1, 2)
    lives = s.defs[s.cards[2].card].lives - s.cards[2].wounds
    assert o["p_kill"][0] == k.p_kill(lives, "exchange")
    assert sum(p for *_x, p, _q in o["rows"]) == 1
    # while the defender's owner decides, the odds of each defender are shown too
    c.click("card:2")
    assert s.pending["kind"] == "defend"
    o = c.odds()
    assert (o["attacker"], o["target"]) == (1, 2)
    assert {d["defender"] for d in o["defenders"]} == {a.card for a in s.legal_actions() if a.kind == "defend"}


def test_dice_come_from_the_last_roll_in_the_log():
    s = position("A gorge_warden c3", "B bog_troll c4", forced=(3, 5))
    c = BerserkController(s, lang="en")
    c.click("card:1")
    c.click("card:2")
    roll = c.last_roll()
    assert [v for _l, v, _c in roll["dice"]] == [3, 5]
    assert [col for *_x, col in roll["dice"]] == ["white", "black"]
    assert roll["rule"] in s.RULES


def test_log_lines_name_their_rules_and_open_the_rule_text():
    s = new_game(seed=2)
    c = BerserkController(s, lang="en")
    lines = c.log_lines()
    assert lines and all(text.startswith(f"[{s.log[i].rule_id}]") for i, text in lines if s.log[i].rule_id)
    i = next(i for i, _t in lines if s.log[i].rule_id)
    rid = s.log[i].rule_id
    assert c.log_rule(i).startswith(rid) and s.RULES[rid].text.en in c.log_rule(i)
    c.set_lang("ru")
    assert s.RULES[rid].text.ru in c.log_rule(i)


def test_viewer_follows_the_turn_not_the_one_answering():
    s = battle()
    c = BerserkController(s)
    assert c.viewer == 0
    c.click("card:1")
    c.click("card:2")
    # the opponent answers (a defender or the fight table) but it is still A's turn: no turn-over
    assert s.to_move == 1 and s.active == 0 and c.viewer == 0
    c.set_viewer(1)
    assert c.viewer == 1
    c.set_viewer(None)
    assert c.viewer == 0
    while s.to_move is not None and s.active == 0:
        c.apply(next(a for a in c.legal() if a.kind in ("nodefend", "exchange", "end", "pass", "skip")))
    assert s.active == 1 and c.viewer == 1


def test_scene_size_and_selected_card_frame():
    c = BerserkController(battle())
    c.click("card:1")
    sc = c.scene()
    assert sc.width > 0 and sc.height > 0
    assert sc.hit_at(*_centre(sc, "card:1")) == "card:1"


def _centre(scene, tag):
    r = next(s for s in scene.shapes if getattr(s, "hit", None) == tag)
    return r.x + r.w / 2, r.y + r.h / 2


# --- the app (widgets without a browser) ------------------------------------------------------------

def test_app_builds_and_its_buttons_act():
    s = new_game(seed=5)
    app = BerserkApp(s, lang="ru")
    assert app.errors == []
    assert (app.view.canvas.width, app.view.canvas.height) == (int(app.view.scene.width), int(app.view.scene.height))
    labels = [b.description for b in app.prompt_buttons.children]
    assert labels == ["Ходить первым", "Ходить вторым"]
    assert [b.tooltip for b in app.prompt_buttons.children] == labels
    app.prompt_buttons.children[0].click()
    assert len(s.actions) == 1 and app.errors == []
    assert app.hand_buttons.children                      # the deal, to buy from
    app.hand_buttons.children[0].click()
    assert len(s.actions) == 2
    app.undo_button.click()
    assert len(s.actions) == 1
    app.redo_button.click()
    assert len(s.actions) == 2
    app.lang_toggle.value = "en"
    assert "To decide" in app.status_html.value
    # the list of legal actions with Apply
    app.actions_dropdown.value = app.actions_dropdown.options[-1][1]
    app.apply_button.click()
    assert len(s.actions) == 3 and app.errors == []
    # a log entry opens its rule
    idx = next(v for _l, v in app.log_select.options if s.log[v].rule_id)
    app.log_select.value = idx
    assert s.log[idx].rule_id in app.rule_html.value


def test_app_canvas_click_goes_through_the_controller():
    s = battle()
    app = BerserkApp(s, lang="en")
    x, y = _centre(app.view.scene, "card:1")
    app.view._mouse_down(x, y)
    assert app.controller.selected == 1
    move = next(a for a in s.legal_actions() if a.card == 1 and a.kind == "move")
    x, y = _centre(app.view.scene, f"cell:{cell_name(move.cell)}")
    app.view._mouse_down(x, y)
    assert s.actions[-1] == move
    assert "Done" in app.message_html.value
    # an illegal click shows the rule id in the message area
    x, y = _centre(app.view.scene, "card:2")
    app.view._mouse_down(x, y)
    assert app.controller.message.rule_id in app.message_html.value
    assert app.errors == []


def test_review_steps_through_the_game():
    s = new_game(seed=1)
    app = BerserkApp(s, lang="en")
    for a in ("second",):
        app.controller.apply(a)
    buys = [a for a in s.legal_actions() if a.kind == "buy"][:2]
    for a in buys:
        app.controller.apply(a)
    app.refresh()
    app.review_button.click()
    r = app.replay
    assert r is not None and r.controller.index == len(s.actions)
    r.b_first.click()
    assert r.controller.index == 0 and r.controller.state.state_hash() != s.state_hash()
    r.b_fwd.click()
    assert r.controller.state.actions == s.actions[:1]
    r.b_last.click()
    assert r.controller.state.state_hash() == s.state_hash()
    assert app.errors == []


@pytest.mark.parametrize("seed", [5, 6])
def test_any_click_anywhere_is_answered_without_error(seed):
    """Clicks on every card in play and every cell along a game: never an exception, an action
    only from a lit cell or card (or a card's only action), every refusal names a known rule."""
    s = new_game(seed=seed)
    c = BerserkController(s, lang="en")
    rng = Dice(seed)
    cells = [f"cell:{cell_name(x)}" for x in range(30)] + [None, "card:999", "nonsense"]
    for step in range(300):
        if s.phase == "over":
            break
        if step % 3 == 0:
            cards = [f"card:{u}" for u, card in sorted(s.cards.items()) if card.zone in ("field", "aux")]
            for tag in cards + cells:
                n = len(s.actions)
                lit = c.highlights()
                m = c.click(tag)
                if m is not None and m.kind == "illegal":
                    assert m.rule_id == "" or m.rule_id in s.RULES, m
                if len(s.actions) != n:
                    kind, _, value = tag.partition(":")
                    assert (kind == "cell" and parse_cell(value) in lit.cells) or kind == "card", tag
                    break
            c.select(None)
        if s.phase == "over":
            break
        s.apply(choose(s, rng))
        c.reset()


# --- the app frame API (plan/APP_API.md) -------------------------------------------------------------

def test_frame_is_board_first_with_closed_folds():
    app = BerserkApp(battle(), lang="en")
    assert app.children[1] is app.hover            # the bridge that says which button is pointed at
    assert app.children[2] is app.header and app.children[3] is app.main_row
    assert app.main_row.children == (app.board, app.side)
    assert app.main_row.layout.flex_flow == "row wrap"
    assert (app.board.layout.flex, app.board.layout.max_width) == ("1 1 480px", "720px")
    assert (app.side.layout.flex, app.side.layout.width) == ("0 0 320px", "320px")
    assert app.side.children[0] is app.side_top and app.side_top.children == ()
    assert app.view.widget.layout.width == "100%" and app.view.widget.layout.height == "auto"
    assert app.folds.selected_index is None
    assert app.folds.titles == ("All legal actions", "Game log", "Review the game")
    app.lang_toggle.value = "ru"
    assert app.folds.titles == ("Все допустимые действия", "Журнал партии", "Просмотр партии")


def test_frame_slots_title_override_and_add_fold():
    import ipywidgets as W
    app = BerserkApp(battle(), lang="ru")
    app.title_override = lambda lang: "Урок 5" if lang == "ru" else "Lesson 5"
    extra = W.HTML("x")
    app.add_fold(lambda lang: "Подробнее" if lang == "ru" else "More", extra)
    app.header_extra.children = [W.HTML("1/3")]
    app.refresh()
    assert "Урок 5" in app.title_html.value and app.folds.titles[-1] == "Подробнее"
    assert app.folds.children[-1] is extra and app.folds.selected_index is None
    app.lang_toggle.value = "en"
    assert "Lesson 5" in app.title_html.value and app.folds.titles[-1] == "More"
    assert app.header.children[1] is app.header_extra


def test_refusal_listeners_get_the_rule_and_the_state_is_unchanged():
    s = battle()
    c = BerserkController(s, lang="en")
    heard = []
    c.refusal_listeners.append(lambda ctl, m: heard.append((ctl, m.rule_id, m.kind)))
    before = (len(s.actions), len(s.log))
    assert c.apply("move #1 e5") is False
    assert heard and heard[-1][0] is c and heard[-1][1] == c.message.rule_id != "" and heard[-1][2] == "illegal"
    c.click("card:2")            # the opponent's card: refused by a rule too
    assert len(heard) == 2 and heard[-1][1]
    assert (len(s.actions), len(s.log)) == before
    c.apply("end")               # a legal action tells no refusal listener
    assert len(heard) == 2


def test_reset_clears_selection_message_and_considered():
    c = BerserkController(battle(), lang="en")
    c.click("card:1")
    c.consider("strike #1 #2")
    assert c.selected == 1 and c.considered is not None and c.message is not None
    c.reset()
    assert (c.selected, c.considered, c.message) == (None, None, None)
    other = battle()
    c.reset(other)
    assert c.state is other and c.legal() == other.legal_actions()


# --- words a person writes, the card panel, the board in focus ----------------------------------------

def healer():
    """A's druid (#1) may heal itself, the wounded warden (#2) or the wounded boar (#3)."""
    return position("A grove_druid c2", "A gorge_warden c3 wounds=2", "A forest_boar b3 wounds=1", "B bog_troll c4")


def test_labels_are_words_without_codes_in_both_languages():
    s = battle()
    c = BerserkController(s, lang="ru")
    assert c.action_label(s.parse_action("end")) == "Закончить ход"
    assert c.action_label(s.parse_action("end"), "en") == "End the turn"
    assert c.action_label(s.parse_action("strike #1 #2")) == "«Страж ущелья» (#1) бьёт «Трясинный тролль» (#2)"
    assert c.action_label(s.parse_action("strike #1 #2"), "en") == "Gorge Warden (#1) strikes Bog Troll (#2)"
    assert c.action_label(s.parse_action("move #1 c2")) == "«Страж ущелья» (#1): ход на клетку c2"
    assert c.action_label(s.parse_action("pass")) == "Пропустить"
    assert c.action_label(s.parse_action("nodefend"), "en") == "No defender"
    # attach: the equipment goes onto the creature, in both languages
    assert c.action_label(s.parse_action("attach #4 #1")) == "Прикрепить «Лесной вепрь» (#4) к существу «Страж ущелья» (#1)"
    assert c.action_label(s.parse_action("attach #4 #1"), "en") == "Attach Forest Boar (#4) to Gorge Warden (#1)"
    for a in s.legal_actions():
        for lang in ("ru", "en"):
            label = c.action_label(a, lang)
            assert "[" not in label and str(a) not in label, label


def test_ability_buttons_differ_and_name_their_targets():
    s = healer()
    c = BerserkController(s, lang="ru")
    uses = [a for a in s.legal_actions() if a.kind == "use"]
    assert len(uses) == 3
    labels = {c.action_label(a) for a in uses}
    assert len(labels) == 3
    assert "«Друид рощи» (#1) — Излечить своё существо на 2: «Страж ущелья» (#2)" in labels
    assert all(c.card_name(a.targets[0]) in c.action_label(a) for a in uses)
    # when one click stands for the three, they are buttons with those words; pointing at one
    # lights only its target
    c._act(uses)
    assert sorted(label for label, x in c.prompt().actions if x.kind == "use") == sorted(labels)
    to_warden = next(a for a in uses if a.targets == (2,))
    assert c.point_at(str(to_warden)) is True
    sel, h = c.focus_highlights()
    assert sel == 1 and h.cards == {2} and h.targets == frozenset() and h.cells == frozenset()
    lit = {x.hit for x in c.scene().shapes if x.layer == "highlight" and getattr(x, "hit", None)}
    assert lit == {"card:1", "card:2"}
    assert c.focus_card() == 1
    assert c.point_at(None) is True and c.focus_highlights() is None


def test_card_panel_reads_the_card_under_the_pointer():
    s = healer()
    c = BerserkController(s, lang="en")
    assert "Point at a card" in c.card_panel()
    assert c.set_hover("card:4") is True
    html = c.card_panel()
    assert "Bog Troll (#4)" in html and "Creature · ground · elite" in html and "Cost 6 · Swamp" in html
    assert "7 lives · strike 2-3-3 · move 1" in html
    assert "Regeneration: at the start of its turn it heals itself 1" in html
    c.set_lang("ru")
    html = c.card_panel()
    assert "«Трясинный тролль» (#4)" in html and "7 жизней" in html and "Регенерация" in html
    c.set_hover("card:2")
    assert "ранено: 2, осталось: 3" in c.card_panel()
    c.set_hover(None)
    c.select(1)
    assert "«Друид рощи» (#1)" in c.card_panel()


def test_exchange_and_safe_buttons_say_what_they_deal_and_the_odds_are_for_that_choice():
    for seed in range(200):
        s = battle()
        s.dice = Dice(seed)
        s.apply("strike #1 #2")
        if s.pending and s.pending["kind"] == "defend":
            s.apply("nodefend")
        if s.pending and s.pending["kind"] == "choice":
            break
    else:  # pragma: no cover
        pytest.fail("no fight-table choice in 200 seeds")
    c = BerserkController(s, lang="en")
    labels = {x.kind: label for label, x in c.prompt().actions}
    assert labels["exchange"] == s.explain(s.parse_action("exchange")).en.rstrip(".")
    assert labels["safe"].startswith("No exchange: the target takes")
    odds = c.odds()
    assert [a.kind for a, _t in odds["choice"]] == ["exchange", "safe"]
    f = c.fight_now()
    assert f["choice"] and f["diff"] == s.pending["white"] - s.pending["black"]


def test_dice_panel_shows_only_this_turns_roll():
    s = new_game(seed=1)
    c = BerserkController(s)
    assert c.last_roll() is not None            # the roll for the choice, while choosing
    c.choose(c.prompt().actions[0][1])
    assert s.phase == "build" and c.last_roll() is None      # gone once the choice is made
    rng = Dice(1)
    while s.turn < 2 and s.phase != "over":
        s.apply(choose(s, rng))
        c.reset()
    assert s.turn >= 2
    rolls = [e for e in s.log[s.log.index(next(e for e in reversed(s.log) if e.kind == "turn")):] if e.kind == "roll"]
    roll = c.last_roll()
    assert (roll is None) == (not rolls)
    assert roll is None or roll["rule"] != "BR-7.1"   # never the who-goes-first roll at turn 2


def test_squad_panel_grows_and_an_empty_squad_asks_first():
    s = new_game(seed=5)
    c = BerserkController(s, lang="ru")
    c.choose(s.parse_action("first"))
    sq = c.squad_summary()
    assert sq["cards"] == [] and sq["penalty"] == 0
    gold0, silver0 = sq["gold"], sq["silver"]
    buy = next(it for it in c.hand() if it.enabled).actions[0]
    c.choose(buy)
    sq = c.squad_summary()
    d = s.defs[s.cards[buy.card].card]
    assert [u for u, *_ in sq["cards"]] == [buy.card] and sq["cards"][0][2] == d.cost
    assert sq["gold"] + sq["silver"] == gold0 + silver0 - d.cost
    assert "рубашкой" not in c.crystals() and "1 золотых" not in c.crystals()
    c.undo()
    assert c.squad_summary()["cards"] == []
    n = len(s.actions)
    assert c.choose(s.parse_action("done")) is False and len(s.actions) == n
    p = c.prompt()
    assert p.title == "В отряде нет ни одной карты. Закончить набор с пустым отрядом?" and p.rule_id == "BR-7.5"
    assert [label for label, _x in p.actions] == ["Да, закончить без карт", "Нет, вернуться к раздаче"]
    c.choose("confirm:no")
    assert len(s.actions) == n and c.prompt().actions[-1][1] == s.parse_action("done")
    c.choose(s.parse_action("done"))
    c.choose("confirm:yes")
    assert s.actions[-1] == s.parse_action("done") and len(s.actions) == n + 1


def test_a_card_that_cannot_be_bought_says_why_inline():
    s = new_game(seed=2)
    c = BerserkController(s, lang="en")
    c.choose(s.parse_action("first"))
    def cost(it):
        return s.defs[s.cards[it.uid].card].cost

    while c.hand() and all(it.enabled for it in c.hand()):     # the dearest first, till one is refused
        c.choose(max((it for it in c.hand() if it.enabled), key=cost).actions[0])
    it = next(i for i in c.hand() if not i.enabled)
    v = s.explain(s.parse_action(f"buy #{it.uid}"))
    assert it.reason == f"{v.rule_id}: {v.en}"
    c.read_card(it.uid)
    assert c.message.rule_id == v.rule_id and c.focus_card() == it.uid
    app = BerserkApp(s, lang="en")
    reasons = [w.value for w in app.hand_buttons.children if hasattr(w, "value")]
    assert any(v.en in r and "cannot be bought" in r for r in reasons)


def test_new_game_row_deals_by_number_and_a_default_app_deals_at_random():
    a, b = BerserkApp(setup_row=True), BerserkApp(setup_row=True)
    assert a.seed_box.value == a.controller.state.setup["seed"] and a.seed_box.value != b.seed_box.value
    a.controller.click("card:1")
    a.seed_box.value = 7
    a.new_button.click()
    fresh = new_game(seed=7)
    assert a.controller.state.state_hash() == fresh.state_hash() and a.errors == []
    assert a.controller.message is None and a.controller.selected is None
    assert "BR-7.1" in a.dice_html.value and a.fight_html.value == ""
    a.mode_toggle.value = "heroes"
    a.new_button.click()
    assert a.controller.state.mode == "heroes"
    assert not any(ch is a.new_button for ch in BerserkApp(battle()).children)   # lessons: no row


def test_app_panels_follow_undo_after_a_strike():
    s = battle()
    s.dice = Dice(1)
    app = BerserkApp(s, lang="en")
    c = app.controller
    c.click("card:1")
    c.click("card:2")
    while s.pending:
        c.apply(c.legal()[0])
    app.refresh()
    assert "app-fight-table" in app.fight_html.value and "app-fight-lit" in app.fight_html.value
    assert app.dice_html.value
    app.undo_button.click()
    while s.actions:
        app.undo_button.click()
    assert app.fight_html.value == "" and app.dice_html.value == "" and app.errors == []
    assert "Select a card" in app.odds_box.value


def test_review_names_actions_in_words():
    app = BerserkApp(new_game(seed=3), lang="ru")
    app.controller.apply("first")
    app.refresh()
    app.review_button.click()
    assert app.errors == [] and "Последнее действие: Ходить первым" in app.replay.label.value
    app.lang_toggle.value = "en"
    assert "Last action: Go first" in app.replay.label.value
    from_position = BerserkApp(battle(), lang="ru")
    from_position.review_button.click()
    note = from_position.review_box.children[-1].value
    assert "начата с готовой позиции" in note and "new_game" not in note


def test_scene_draws_the_deal_while_building_and_coins_in_the_heroes_mode():
    s = new_game(seed=5)
    c = BerserkController(s, lang="ru")
    c.choose(s.parse_action("first"))
    sc = c.scene()
    deal = list(s.seats[s.to_move].deal)
    hits = {x.hit for x in sc.shapes if getattr(x, "hit", None)}
    assert {f"card:{u}" for u in deal} <= hits
    assert any(getattr(x, "text", "").startswith(f"Раздача {s.seats[s.to_move].name}:") for x in sc.shapes)
    c.click(f"card:{deal[0]}")                      # a click on a card of the deal buys it
    assert s.actions[-1] == s.parse_action(f"buy #{deal[0]}")
    assert "ход 0" not in " ".join(getattr(x, "text", "") for x in sc.shapes)
    h = new_game(seed=2, mode="heroes")
    texts = [getattr(x, "text", "") for x in BerserkController(h, lang="ru").scene().shapes]
    assert texts.count("0 монет") == 2


def test_hover_bridge_maps_a_pointed_button_to_its_action_and_card():
    s = new_game(seed=5)
    app = BerserkApp(s, lang="en")
    app.controller.choose(s.parse_action("first"))
    app.refresh()
    buy = next(b for b in app.hand_buttons.children if getattr(b, "description", "").startswith("Buy "))
    token = next(c for c in buy._dom_classes if c.startswith(app.hover.prefix + "-"))[len(app.hover.prefix) + 1:]
    app.hover.hovered = token                     # what the browser sends when the pointer is over it
    uid = int(buy.description.split("(#")[1].split(")")[0])
    assert app.controller.focus_card() == uid and f"(#{uid})" in app.card_html.value
    assert "Cost" in app.card_html.value and app.errors == []
    app.hover.hovered = ""
    assert app.controller.pointed is None and app.controller.focus_card() is None


def test_the_end_says_why_the_game_is_over_in_the_page_language():
    s = new_game(seed=5, options={"turn_limit": 2})
    c = BerserkController(s, "ru")
    app = BerserkApp(controller=c)
    rng = Dice(5)
    assert c.end_reason() == "" and "app-end-reason" not in app.status_html.value
    while s.phase != "over":
        berserk_clicks(c, choose(s, rng))
    app.refresh()
    assert c.status() == "Партия окончена — ничья"
    assert c.end_reason() == "Достигнут предел ходов (2): ничья."
    assert "<div class='app-end-reason'" in app.status_html.value
    assert "Достигнут предел ходов (2): ничья.</div>" in app.status_html.value
    assert app.actions_fold not in app.folds.children              # no empty «All legal actions»
    app.lang_toggle.value = "en"
    assert c.end_reason() == "The turn limit (2) is reached: a draw."
    assert "The turn limit (2) is reached: a draw.</div>" in app.status_html.value
    assert app.folds.titles[0] == "Game log" and len(app.folds.titles) == len(app.folds.children)
    app.undo_button.click()                                        # back into the game: the list again
    assert s.phase != "over" and app.folds.children[0] is app.actions_fold
    assert app.folds.titles[0] == "All legal actions" and c.end_reason() == ""


def test_a_board_fixed_to_one_seat_never_shows_the_others_deal_or_squad():
    s = new_game(seed=5)
    c = BerserkController(s, lang="ru")
    c.choose(s.parse_action("first"))
    builder = s.to_move
    c.choose(next(a for a in s.legal_actions() if a.kind == "buy"))
    other = 1 - builder
    c.set_viewer(other)                            # playing the computer from the other seat
    sc = c.scene()
    texts = " ".join(getattr(x, "text", "") for x in sc.shapes)
    hits = {x.hit for x in sc.shapes if getattr(x, "hit", None)}
    assert "Раздача" not in texts and not {f"card:{u}" for u in s.seats[builder].deal} & hits
    summary = c.squad_summary()
    assert summary["seat"] == other and summary["cards"] == []
    c.set_viewer(builder)                          # the builder's own board: the deal and the squad
    assert f"Раздача {s.seats[builder].name}:" in " ".join(getattr(x, "text", "") for x in c.scene().shapes)
    assert c.squad_summary()["seat"] == builder and len(c.squad_summary()["cards"]) == 1
    c.set_viewer(None)                             # hot seat: whoever builds
    assert c.squad_summary()["seat"] == builder
