"""The explorer page and the lesson pages opened from a link (``?pos=``), without a browser: the same
position, a City code switching the page to Battle for the City, a bad code told with <link> and
its field (no traceback), «Copy link» following the position and the language, and the page's
«any moment» controls reaching the controller."""
from __future__ import annotations

import ipywidgets as W

from berserk_kernel.core import share
from widgets.explorer import ExplorerApp, ExplorerController
from widgets.explorer_city import CityExplorer
from widgets.lesson import lesson_page
from widgets.share_link import link_query, page_pos


def duel() -> ExplorerController:
    c = ExplorerController(lang="en")
    assert c.place("gorge_warden", "c2", owner=0) and c.place("bog_troll", "c3", owner=1)
    return c


def test_the_page_opens_the_position_of_its_address(monkeypatch):
    c = duel()
    monkeypatch.setenv("QUERY_STRING", link_query(c.share_code(), "en"))
    assert page_pos() == c.share_code()
    app = ExplorerApp()
    assert app.controller.lang == "en" and app.errors == []
    assert app.controller.state.state_hash() == c.state.state_hash()
    assert "The position from the link is open: 2 card(s) in play." in app.message_html.value
    assert app.link.code == app.controller.share_code() and app.link.lang == "en"
    assert share.load(app.link.code).state_hash() == c.state.state_hash()


def test_a_bad_code_keeps_the_empty_position_and_names_the_link_and_the_field():
    code = duel().share_code()
    for bad in (code[:-5], "7" + code[1:], code[:10] + "%" + code[11:]):
        app = ExplorerApp(lang="ru", pos=bad)
        assert app.errors == [] and app.controller.state.cards == {}
        assert "Не загружено (ссылка &lt;link&gt;)" in app.message_html.value
        assert "поле данных code" in app.message_html.value
        assert "Traceback" not in app.message_html.value


def test_the_link_follows_edits_moves_and_the_language():
    app = ExplorerApp(lang="ru")
    empty = app.link.code
    assert app.controller.place("gorge_warden", "c2", owner=0)
    app.refresh()
    assert app.link.code != empty and share.load(app.link.code).state_hash() == app.controller.state.state_hash()
    assert app.controller.place("bog_troll", "c3", owner=1)
    app.controller.play()
    app.refresh()
    assert app.controller.player.apply("strike #1 #2")
    app.refresh()
    game = app.controller.player.state.to_dict()         # a link carries the position, not the game's history
    assert game["log"] and game["actions"] == ["strike #1 #2"]
    assert share.load(app.link.code).to_dict() == dict(game, log=[], actions=[])
    app.lang_toggle.value = "en"
    assert app.link.lang == "en" and app.link.button == "Copy link"
    assert "log" not in share.decode(app.link.code) and "actions" not in share.decode(app.link.code)


def test_a_city_code_opens_the_city_explorer_and_the_switch_comes_back():
    c = CityExplorer(lang="en")
    assert c.set_district(13, 0, 3) and c.set_district(15, 1, 2) and c.set_phase("actions")
    app = ExplorerApp(lang="en", pos=c.share_code())
    assert app.game == "city" and app.game_toggle.value == "city" and app.errors == []
    assert app.city_panel.city.state.state_hash() == c.state.state_hash()
    assert app.title_html.value.endswith("Battle for the City — scenario explorer</h3>")
    assert app.editor_box.layout.display == "none" and app.city_box.layout.display == ""
    panel = app.city_panel
    panel.district.value, panel.owner.value, panel.forces.value = 15, 1, 5
    panel._on_district(None)
    assert panel.city.state.forces[15] == 5 and "District 15: owner Player B, forces 5." in panel.message_html.value
    assert share.load(panel.link.code).state_hash() == panel.city.state.state_hash()
    app.game_toggle.value = "berserk"
    assert app.editor_box.layout.display == "" and app.city_box.layout.display == "none"


def test_the_any_moment_fold_reaches_the_controller():
    app = ExplorerApp(lang="en")
    c = app.controller
    assert c.place("gorge_warden", "c2", owner=0) and c.place("bog_troll", "c3", owner=1)
    assert c.place("deep_stonecutter", "d2", owner=1)
    app.refresh()
    app.pending_kind.value = "defend"
    app.pending_seat.value = 1
    app.pending_attacker.value, app.pending_target.value = 1, 2
    app._on_pending(None)
    assert app.errors == [] and c.state.pending == {"kind": "defend", "seat": 1, "attacker": 1, "target": 2}
    assert "A decision waits: B chooses a defender against #1&#x27;s strike at #2 (BR-10.3)." in app.summary_html.value
    c.set_palette("crag_slinger")
    app.zone_dropdown.value = "hand"
    app._on_zone_add(None)
    assert c.zone_cards(1, "hand") == [4]            # the owner chosen last (B)
    app.field_dropdown.value = "players"
    app.field_area.value = '[{"name": "Anya"}, {"name": "Boris"}]'
    app._on_field(None)
    assert c.seat_name(0) == "Anya" and app.errors == []
    app.field_area.value = "[{"
    app._on_field(None)
    assert "field players" in app.message_html.value and c.seat_name(0) == "Anya"


def test_a_lesson_page_with_pos_is_free_exploration_of_that_position(monkeypatch):
    c = duel()
    monkeypatch.setenv("QUERY_STRING", link_query(c.share_code(), "en"))
    page = lesson_page("05_strike_and_defenders")
    assert isinstance(page, W.VBox) and "lesson-linked" in page._dom_classes
    assert page.app.controller.state.state_hash() == c.state.state_hash()
    note = page.children[0].value
    assert "free exploration" in note and "05_strike_and_defenders.ipynb?lang=en" in note
    assert "Простой" not in note                          # one language on the page
    page.app.lang_toggle.value = "ru"
    assert "свободное исследование" in page.children[0].value and "lang=ru" in page.children[0].value


def test_a_lesson_page_with_a_bad_pos_says_so_and_shows_the_lesson(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ru&pos=1abc")
    page = lesson_page("05_strike_and_defenders")
    error, lesson = page.children
    assert "Ссылка на позицию не открылась (<link>, поле code)".replace("<", "&lt;").replace(">", "&gt;") in error.value
    assert "lesson-page" in lesson._dom_classes


def test_a_lesson_page_without_pos_is_the_lesson(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    page = lesson_page("05_strike_and_defenders")
    assert "lesson-page" in page._dom_classes


def test_an_own_card_from_the_card_editor_is_placed_saved_and_shared():
    app = ExplorerApp(lang="en")
    c = app.controller
    ed = app.card_editor
    ed.name_ru.value, ed.name_en.value, ed.card_id.value = "Мой страж", "My guard", "my_guard"
    ed.lives.value = 4
    table = ed.add()
    assert table is not None and app.errors == [] and c.palette_card == "my_guard"
    assert "Your card My guard is in the Card list now" in app.message_html.value
    assert "my_guard" in [cid for _l, cid in c.palette()]
    assert c.place("my_guard", "c2", owner=0) and c.place("bog_troll", "c3", owner=1)
    saved = c.save_dict()
    assert [t["id"] for t in saved["own_cards"]] == ["my_guard"]
    other = ExplorerApp(lang="en", pos=c.share_code())
    assert other.controller.state.state_hash() == c.state.state_hash()
    assert other.controller.state.cards[1].card == "my_guard" and other.controller.state.defs["my_guard"].lives == 4
    ed.card_id.value = "my_guard"                    # the id is taken now: the kernel's editor says so
    assert ed.add() is None and "taken" in ed.status.value


def test_the_outcomes_panel_is_mounted_under_the_game_and_plays_a_row():
    app = ExplorerApp(lang="en")
    c = app.controller
    assert c.place("gorge_warden", "c2", owner=0) and c.place("bog_troll", "c3", owner=1)
    app._on_play(None)
    assert app.errors == [] and app.outcomes.controller is c.player and app.outcomes.rows
    before = len(c.player.state.actions)
    assert app.outcomes.play(0)
    assert len(c.player.state.actions) == before + 1 and app.errors == []
    app.lang_toggle.value = "ru"
    assert app.outcomes.lang == "ru"


def test_a_district_selected_on_the_city_board_is_the_one_the_editor_shows():
    c = CityExplorer(lang="en")
    assert c.set_district(13, 0, 3) and c.set_district(15, 1, 2) and c.set_phase("actions")
    app = ExplorerApp(lang="en", pos=c.share_code())
    panel = app.city_panel
    assert panel.district.value != 13
    panel.board.controller.click("district:13")
    panel.board.refresh()
    assert panel.board.controller.selected == 13
    assert panel.district.value == 13 and panel.owner.value == 0 and panel.forces.value == 3


def test_a_huge_or_strange_address_is_refused_in_words(monkeypatch):
    app = ExplorerApp(lang="en", pos="1" + "A" * 300_000)
    assert app.errors == [] and "the code is too long" in app.message_html.value and "field code" in app.message_html.value
    monkeypatch.setenv("QUERY_STRING", "lang=en&pos=&x=1")
    assert page_pos() is None
    app = ExplorerApp()
    assert app.errors == [] and app.controller.message is None and app.controller.state.cards == {}
    code = duel().share_code()
    monkeypatch.setenv("QUERY_STRING", f"pos=broken&lang=ru&pos={code}")
    assert page_pos() == code                               # the last value wins, as for ?lang
