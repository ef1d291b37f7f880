"""The scenario explorer without a browser: the editor's placement rules, the kernel's validation
messages, play and back, save -> load round trips and broken files that change nothing.

Expectations about the rules are read from the kernel (from_dict, check_host, the fight table),
not restated here."""
from __future__ import annotations

import base64
import datetime
import json
import time
from pathlib import Path

import pytest

from berserk_kernel.berserk import BerserkState, demo_cards
from berserk_kernel.berserk.fight import fight
from berserk_kernel.berserk.placement import check_host
from widgets.explorer import (
    MAX_FILE_BYTES, ExplorerApp, ExplorerController, find_examples_dir, kind_of,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.name for p in (ROOT / "examples" / "scenarios").glob("*.json"))


def duel(lang="ru"):
    """A's swordsman (#1) on c3 facing B's knight (#2) on c4."""
    c = ExplorerController(lang=lang)
    assert c.place("hired_swordsman", "c3", owner=0), c.message
    assert c.place("errant_knight", "c4", owner=1), c.message
    return c


def unchanged(c, before_hash, before_data):
    assert c.state.state_hash() == before_hash
    assert c.data == before_data


def snapshot(c):
    return c.state.state_hash(), json.loads(json.dumps(c.data))


# --- the palette -------------------------------------------------------------------------------

def test_palette_lists_demo_cards_with_cost_and_kind_in_both_languages():
    c = ExplorerController(lang="ru")
    defs = demo_cards()
    ids = [cid for _l, cid in c.palette()]
    assert set(ids) == {cid for cid, d in defs.items() if d.type != "hero"}
    label = dict((cid, lab) for lab, cid in c.palette())["gorge_warden"]
    assert label.startswith(defs["gorge_warden"].name.ru) and f"цена {defs['gorge_warden'].cost}" in label
    assert "существо" in label
    en = dict((cid, lab) for lab, cid in c.palette(lang="en"))
    assert en["pass_eagle"].startswith("Pass Eagle") and "flyer" in en["pass_eagle"]
    assert "equipment: weapon" in en["notched_axe"]


@pytest.mark.parametrize("query", ["страж", "Warden", "gorge_"])
def test_palette_search_by_russian_english_name_or_id(query):
    ids = [cid for _l, cid in ExplorerController(lang="ru").palette(query)]
    assert "gorge_warden" in ids
    assert all(query.lower() in (demo_cards()[i].name.ru + demo_cards()[i].name.en + i).lower() for i in ids)


def test_palette_refuses_heroes_and_unknown_cards():
    c = ExplorerController(lang="en")
    assert not c.set_palette("warlord_of_the_peaks") and "Heroes" in c.message.en
    assert not c.set_palette("no_such_card") and c.palette_card is None
    assert not c.place("warlord_of_the_peaks", "c3")
    assert c.state.cards == {}


# --- where a card goes -------------------------------------------------------------------------

def test_ground_creature_goes_on_the_clicked_free_cell_and_is_selected():
    c = ExplorerController(lang="ru")
    c.set_owner(1)
    c.set_palette("bog_troll")
    c.click("cell:d5")
    assert c.state.at("d5") == 1 and c.state.cards[1].owner == 1 and c.selected == 1
    assert c.message.kind == "done" and "d5" in c.message.ru
    assert c.state.cards[1].moves == demo_cards()["bog_troll"].move     # a fresh card can move


@pytest.mark.parametrize("card", ["pass_eagle", "highlands"])
def test_flyers_and_terrain_go_to_the_owners_aux_zone_whatever_cell_is_clicked(card):
    c = ExplorerController(lang="en")
    c.set_owner(1)
    c.set_palette(card)
    c.click("cell:a1")
    assert c.state.seats[1].aux == [1] and c.state.cells[0] is None
    assert "CR-203.1" in c.message.en
    assert c.place(card, "aux", owner=0) and c.state.seats[0].aux == [2]


def test_ground_creature_and_artifact_need_a_cell():
    c = ExplorerController(lang="ru")
    for where in ("aux", "", "on=1"):
        before = snapshot(c)
        assert not c.place("gorge_warden", where, owner=0)
        unchanged(c, *before)
    assert c.message.kind == "illegal"
    assert c.place("rune_menhir", "b2", owner=0) and c.state.at("b2") == 1


def test_an_occupied_cell_is_refused_by_the_kernel_naming_the_cell():
    c = duel()
    before = snapshot(c)
    assert not c.place("gorge_warden", "c3", owner=0)
    unchanged(c, *before)
    # an edit on the page names the card, not a data path (cards[2].cell)
    assert c.message.en == "Edit refused, the position is unchanged: #3 Gorge Warden — cell c3 already holds card #1"
    assert "уже стоит" in c.message.ru


def test_a_cell_off_the_field_is_refused():
    c = ExplorerController(lang="en")
    assert not c.place("gorge_warden", "f9", owner=0)
    assert "a1..e6" in c.message.en and c.state.cards == {}


def test_equipment_goes_onto_a_clicked_creature_of_the_same_owner():
    c = duel()
    c.set_owner(0)
    c.set_palette("notched_axe")
    assert c.hosts() == [1]                               # the swordsman has a class; the knight is B's
    c.click("card:1")
    assert c.state.cards[3].zone == "attached" and c.state.cards[3].host == 1
    assert c.message.kind == "done"
    # the same kind of equipment again is refused by the kernel's check_host (BR-6)
    before = snapshot(c)
    c.click("card:1")
    unchanged(c, *before)
    assert c.message.rule_id == "BR-6"


def test_equipment_on_a_free_cell_or_an_enemy_creature_is_refused():
    c = duel()
    c.set_owner(0)
    c.set_palette("notched_axe")
    before = snapshot(c)
    c.click("cell:a1")
    unchanged(c, *before)
    assert c.message.rule_id == "BR-6" and "существо" in c.message.ru
    c.click("card:2")                                     # B's knight, A's axe
    unchanged(c, *before)
    assert c.message.rule_id == "BR-6"


def test_host_refusals_are_the_kernels_check_host_verdicts():
    c = ExplorerController(lang="en")
    assert c.place("bog_troll", "c2", owner=0)           # no class: no equipment
    assert c.place("rune_menhir", "d2", owner=0)         # an artifact carries nothing (BR-5)
    assert c.place("strangling_ivy", "on=1", owner=0)    # a symbiote needs no class
    for card, host in (("notched_axe", 1), ("notched_axe", 2), ("bloodsucking_leech", 1)):
        trial = BerserkState.from_dict({"cards": [dict(cd) for cd in c.data["cards"]]
                                        + [{"uid": 99, "card": card, "owner": 0, "zone": "squad"}]})
        verdict = check_host(trial, 99, host)
        assert not verdict.ok
        before = snapshot(c)
        assert not c.place(card, f"on={host}", owner=0)
        unchanged(c, *before)
        assert (c.message.rule_id, c.message.en) == (verdict.rule_id, verdict.en)


def test_attachable_dropdown_target_a_cell_with_a_creature_means_onto_it():
    c = duel()
    assert c.place("sentry_chain_mail", "c3", owner=0)
    assert c.state.cards[3].host == 1 and c.state.at("c3") == 1


def test_flyers_do_not_go_onto_creatures():
    c = duel()
    assert not c.place("pass_eagle", "on=1", owner=0)
    assert c.message.rule_id == "BR-6"


def test_where_options_list_aux_every_cell_and_creatures():
    c = duel("en")
    values = [v for _l, v in c.where_options()]
    assert values[0] == "aux" and values[1:31] == [f"{x}{y}" for y in range(1, 7) for x in "abcde"]
    assert values[31:] == ["on=1", "on=2"]
    labels = dict((v, lab) for lab, v in c.where_options())
    assert "free" in labels["a1"] and "Hired Swordsman" in labels["c3"]


# --- clicks and selection ----------------------------------------------------------------------------

def test_click_selects_and_deselects_a_card_and_off_the_board_clears():
    c = duel()
    c.set_palette(None)
    assert c.selected == 2                                # the card placed last
    c.click("card:2")
    assert c.selected is None
    c.click("card:2")
    assert c.selected == 2 and "#2" in c.hint()
    c.click("card:1")
    c.click(None)
    assert c.selected is None


def test_click_on_a_free_cell_moves_the_selected_card_when_no_card_is_chosen():
    c = duel()
    c.set_palette(None)
    c.click("card:1")
    c.click("cell:b2")
    assert c.state.at("b2") == 1 and c.state.at("c3") is None


def test_scene_hit_tags_of_the_editor_board():
    c = duel()
    c.set_owner(0)
    c.set_palette("notched_axe")
    sc = c.scene()
    tags = {s.hit for s in sc.shapes if getattr(s, "hit", None)}
    assert {"card:1", "card:2", "cell:a1"} <= tags
    lit = [s for s in sc.layer("highlight") if getattr(s, "hit", None) == "card:1"]
    assert lit                                             # the possible host is lit


# --- edits and the kernel's messages -------------------------------------------------------------------------

def test_lethal_wounds_are_refused_with_the_field_the_card_and_the_rule():
    c = duel()
    lives = demo_cards()["errant_knight"].lives
    before = snapshot(c)
    assert not c.set_flag(2, "wounds", lives)
    unchanged(c, *before)
    m = c.message
    assert m.rule_id == "BR-15"
    assert "«Странствующий рыцарь»" in m.ru and "позиция не изменилась" in m.ru and "cards[" not in m.ru
    assert "Errant Knight" in m.en and "BR-15" in m.en and "cards[" not in m.en
    assert c.set_flag(2, "wounds", lives - 1) and c.state.cards[2].wounds == lives - 1


def test_schema_refusals_are_said_in_russian_too():
    c = duel()
    before = snapshot(c)
    assert not c.set_flag(1, "tokens", -1)
    unchanged(c, *before)
    assert c.message.ru == "Правка отклонена, позиция не изменилась: #1 «Наёмный мечник» — должно быть не меньше 0; получено -1"
    assert "must be at least 0" in c.message.en
    assert not c.set_flag(1, "wounds", "много") and "целое число" in c.message.ru
    unchanged(c, *before)


def test_flags_tokens_poison_closed_face_down_moves():
    c = duel()
    for key, value in (("tokens", 2), ("poison", 1), ("moves", 0), ("closed", True), ("face_down", True)):
        assert c.set_flag(1, key, value), c.message
        assert getattr(c.state.cards[1], key) == value
    assert not c.set_flag(1, "uid", 5)                   # not an editable field
    assert not c.set_flag(42, "wounds", 1) and "#42" in c.message.ru


def test_remove_takes_the_riders_too_and_move_refuses_an_occupied_cell():
    c = duel()
    assert c.place("notched_axe", "on=1", owner=0)
    assert c.remove(1)
    assert set(c.state.cards) == {2} and "#3" in c.message.ru
    before = snapshot(c)
    assert c.place("gorge_warden", "c3", owner=0)
    assert not c.move(2, "c3") and "cards[" not in c.message.en and "cell c3 already holds card #2" in c.message.en
    assert c.state.at("c4") == 2
    c.undo_edit()
    unchanged(c, *before)


def test_whose_turn_and_turn_number():
    c = duel()
    assert c.set_turn(active=1, turn=3)
    assert c.state.to_move == 1 and c.state.turn == 3 and "B" in c.status()
    before = snapshot(c)
    assert not c.set_turn(turn=0) and not c.set_turn(turn="x") and not c.set_turn(active=2)
    unchanged(c, *before)


def test_undo_and_redo_edits():
    c = duel()
    h2 = c.state.state_hash()
    assert c.place("gorge_warden", "b2", owner=0)
    h3 = c.state.state_hash()
    assert c.undo_edit() and c.state.state_hash() == h2
    assert c.redo_edit() and c.state.state_hash() == h3
    while c.can_undo_edit():
        c.undo_edit()
    assert c.state.cards == {} and not c.undo_edit()


# --- dice ----------------------------------------------------------------------------------------------

def test_forced_dice_are_validated_and_used_by_the_next_strike():
    c = duel()
    before = snapshot(c)
    for bad in ((7,), (0,), ("x",), (True,)):
        assert not c.force_dice(*bad)
        unchanged(c, *before)
    assert c.force_dice(5, 2) and c.queued_dice() == [5, 2]
    assert c.play()
    game = c.player.state
    assert game.dice.forced == [5, 2]
    assert c.player.apply("strike #1 #2")
    cell = fight(5, 2)
    assert game.cards[2].wounds == game.defs["hired_swordsman"].strike[cell.deal]
    assert game.cards[1].wounds == 0 and cell.back is None and game.dice.forced == []


def test_dice_can_be_forced_while_playing_and_cleared():
    c = duel()
    c.play()
    assert c.force_dice(6, 1) and c.player.state.dice.forced == [6, 1] and c.queued_dice() == [6, 1]
    assert c.clear_dice() and c.queued_dice() == []
    c.back_to_edit()
    assert c.force_dice(3) and c.clear_dice() and c.data["dice"]["forced"] == []


# --- play and back ---------------------------------------------------------------------------------------

def test_play_builds_the_same_position_and_back_to_edit_keeps_it():
    c = duel()
    c.force_dice(5, 2)
    h = c.state.state_hash()
    assert c.play() and c.mode == "play"
    assert c.player.state.state_hash() == h and c.player.state is not c.state
    # edits are refused while playing
    assert not c.place("gorge_warden", "a1") and c.mode == "play"
    assert c.click("cell:a1").kind == "info"
    c.player.click("card:1")
    c.player.click("card:2")
    assert str(c.player.state.actions[-1]) == "strike #1 #2"
    assert c.player.undo() and c.player.state.cards[2].wounds == 0 and c.player.redo()
    wounds = c.player.state.cards[2].wounds
    assert c.back_to_edit() and c.mode == "edit"
    assert c.state.cards[2].wounds == wounds and c.state.cards[1].closed
    assert c.data["log"] == [] and c.data["actions"] == []
    assert c.undo_edit() and c.state.state_hash() == h      # back to before the game
    # a second game reuses the player
    player = c.player
    assert c.play() and c.player is player and c.player.state.state_hash() == h


def test_status_and_language():
    c = duel("ru")
    assert "Редактор" in c.status() and "ход 1" in c.status()
    c.set_lang("en")
    assert "Editing" in c.status() and "Hired Swordsman" in c.card_line(1)
    c.play()
    assert c.player.lang == "en" and "Playing" in c.status()
    c.set_lang("ru")
    assert c.player.lang == "ru"


# --- files ---------------------------------------------------------------------------------------------------

def round_trip(c):
    text = c.save_text()
    other = ExplorerController(lang="en")
    assert other.load_text(text, "saved.json"), other.message
    return other


def test_save_load_round_trip_of_a_built_position_gives_the_same_hash():
    c = duel()
    c.place("notched_axe", "on=1", owner=0)
    c.place("pass_eagle", "aux", owner=1)
    c.set_flag(2, "wounds", 2)
    c.set_flag(2, "closed", True)
    c.force_dice(5, 2)
    c.set_turn(active=1, turn=4)
    other = round_trip(c)
    assert other.state.state_hash() == c.state.state_hash()
    assert other.data == c.data


def test_save_load_round_trip_of_a_game_in_play():
    c = duel()
    c.force_dice(5, 2)
    c.play()
    c.player.apply("strike #1 #2")
    other = round_trip(c)                                 # saved while playing: with its log
    assert other.state.state_hash() == c.player.state.state_hash()
    assert other.state.log and other.mode == "edit"


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_load_and_round_trip(name):
    c = ExplorerController(lang="ru")
    assert name in c.examples()
    assert c.load_example(name), c.message
    expected = BerserkState.from_dict(json.loads((ROOT / "examples" / "scenarios" / name).read_text("utf-8")))
    assert c.state.state_hash() == expected.state_hash()
    assert round_trip(c).state.state_hash() == expected.state_hash()
    assert c.description()                                # the examples describe themselves
    assert c.play() and c.player.legal()


def test_examples_folder_is_found_from_the_repository_not_the_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert find_examples_dir() == ROOT / "examples" / "scenarios"
    assert ExplorerController().examples() == EXAMPLES
    assert not ExplorerController(lang="en").load_example("../../pyproject.toml")


def test_data_uri_holds_the_saved_text():
    c = duel()
    uri = c.data_uri()
    head, payload = uri.split(",", 1)
    assert head == "data:application/json;charset=utf-8;base64"
    assert base64.b64decode(payload).decode("utf-8") == c.save_text()
    assert json.loads(c.save_text())["cards"][0]["card"] == "hired_swordsman"


BROKEN = {
    "broken JSON": ('{"cards": [', "", "JSON"),
    "unknown card": ('{"cards": [{"card": "dragon", "owner": 0, "cell": "a1"}]}', "cards[0].card", "dragon"),
    "cell off the field": ('{"cards": [{"card": "gorge_warden", "owner": 0, "cell": "k7"}]}', "cards[0].cell", "k7"),
    "two cards on a cell": ('{"cards": [{"card": "gorge_warden", "owner": 0, "cell": "c2"},'
                            ' {"card": "bog_troll", "owner": 1, "cell": "c2"}]}', "cards[1].cell", "c2"),
    "lethal wounds": ('{"cards": [{"card": "herdsman", "owner": 0, "cell": "c2", "wounds": 9}]}', "cards[0].wounds", "BR-15"),
    "missing host": ('{"cards": [{"uid": 4, "card": "notched_axe", "owner": 0, "zone": "attached", "host": 9}]}',
                     "cards[#4].host", "#9"),
    "unknown field": ('{"cards": [], "colour": "red"}', "", "colour"),
    "not an object": ("[1, 2, 3]", "", ""),
    "a record": ('{"game": "berserk", "seed": 1, "actions": ["first"]}', "", "record"),
    "empty": ("   ", "", ""),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_file_leaves_the_position_unchanged_and_says_what_is_wrong(name):
    text, field, word = BROKEN[name]
    c = duel()
    c.select(1)
    c.force_dice(4)
    before = snapshot(c)
    assert not c.load_text(text, "bad.json")
    unchanged(c, *before)
    assert c.selected == 1 and c.mode == "edit"
    m = c.message
    assert m.kind == "error"
    assert "bad.json" in m.ru and "bad.json" in m.en and "позиция сохранена" in m.ru
    if field:
        assert field in m.ru and field in m.en
    if word:
        assert word in m.en


def test_broken_files_while_playing_keep_the_game():
    c = duel()
    c.play()
    h = c.player.state.state_hash()
    assert not c.load_text('{"cards": [{"card": "dragon", "owner": 0}]}')
    assert c.mode == "play" and c.player.state.state_hash() == h


def test_uploads_bytes_not_utf8_and_too_big():
    c = duel()
    before = snapshot(c)
    assert not c.load_upload("x.json", b"\xff\xfe\x00junk") and "UTF-8" in c.message.en
    assert not c.load_upload("big.json", b" " * 2_000_001) and "larger" in c.message.en
    unchanged(c, *before)
    good = duel().save_text().encode("utf-8")
    assert c.load_upload("good.json", memoryview(good)) and "good.json" in c.message.en


def test_a_paste_or_upload_over_the_size_limit_is_refused_with_a_message():
    c = duel()
    before = snapshot(c)
    t0 = time.perf_counter()
    assert not c.load_text("{" + " " * MAX_FILE_BYTES + "}")     # 9 MB took 25 s before the limit
    assert time.perf_counter() - t0 < 1
    assert c.message.en == ("Not loaded (the pasted text); the current position is kept: "
                            f"the text is longer than {MAX_FILE_BYTES} characters")
    assert c.message.ru == ("Не загружено (вставленный текст), текущая позиция сохранена: "
                            f"текст длиннее {MAX_FILE_BYTES} знаков")
    unchanged(c, *before)
    assert not c.load_upload("big.json", memoryview(b"[" * 30_000_000))      # a 30 MB file
    assert c.message.en == ("Not loaded (big.json); the current position is kept: "
                            f"the file is larger than {MAX_FILE_BYTES} bytes")
    unchanged(c, *before)
    exact = duel().save_text()
    assert c.load_text(exact + " " * (MAX_FILE_BYTES - len(exact)))      # the limit itself is fine


def test_pasted_text_is_named_in_words():
    c = ExplorerController(lang="ru")
    assert not c.load_text("{")
    assert "вставленный текст" in c.message.ru and "the pasted text" in c.message.en


# --- the widgets ---------------------------------------------------------------------------------------------

def test_app_places_by_dropdowns_and_canvas_clicks_and_plays():
    app = ExplorerApp(lang="ru")
    c = app.controller
    app.card_dropdown.value = "hired_swordsman"
    assert c.palette_card == "hired_swordsman"
    app.view.on_click("cell:c3")                          # what a press on the canvas reports
    assert c.state.at("c3") == 1 and app.sel_dropdown.value == "1"
    app.owner_toggle.value = 1
    app.card_dropdown.value = "errant_knight"
    app.where_dropdown.value = "c4"
    app.place_button.click()
    assert c.state.at("c4") == 2 and c.state.cards[2].owner == 1
    assert app.view.scene is not None and "#2" in app.hint_html.value
    # a refused edit: the widget shows the kept value again
    app.int_inputs["wounds"].value = 5
    assert c.message.rule_id == "BR-15" and app.int_inputs["wounds"].value == 0
    assert "BR-15" in app.message_html.value
    app.bool_inputs["closed"].value = True
    assert c.state.cards[2].closed
    app.black_die.value = 2
    app.white_die.value = 5
    app.add_dice_button.click()
    assert c.queued_dice() == [5, 2] and "5 → 2" in app.dice_html.value
    app.bool_inputs["closed"].value = False
    app.play_button.click()
    assert c.mode == "play" and app.board is not None and app.board.controller is c.player
    assert app.editor_box.layout.display == "none" and app.play_box.layout.display == ""
    app.board.view.on_click("card:1")
    app.board.view.on_click("card:2")
    assert c.player.state.cards[2].wounds == 2
    app.edit_button.click()
    assert c.mode == "edit" and c.state.cards[2].wounds == 2
    assert app.errors == []


def test_app_language_switch_reaches_the_game_board():
    app = ExplorerApp(lang="ru")
    app.controller.place("hired_swordsman", "c3", owner=0)
    app.play_button.click()
    app.lang_toggle.value = "en"
    assert app.controller.lang == "en" and app.board.controller.lang == "en"
    assert "Playing" in app.status_html.value
    app.edit_button.click()
    app.lang_toggle.value = "ru"
    assert app.board.lang_toggle.value == "ru"           # hidden, but in the page's language
    assert "Поставить" == app.place_button.description and app.errors == []


def test_app_save_and_load_controls():
    app = ExplorerApp(lang="en")
    c = app.controller
    c.place("hired_swordsman", "c3", owner=0)
    app.refresh()
    app.save_button.click()
    assert json.loads(app.save_area.value) == c.save_dict()
    assert "data:application/json;charset=utf-8;base64," in app.download_html.value
    h = c.state.state_hash()
    app.load_area.value = '{"cards": [{"card": "hired_swordsman", "owner": 0, "cell": "z9"}]}'
    app.load_button.click()
    assert c.state.state_hash() == h and "cards[0].cell" in app.message_html.value
    app.example_dropdown.value = "defender.json"
    app.example_button.click()
    assert len(c.in_play()) == 4 and app.save_area.value == ""  # the saved text was of the old position
    app.upload.value = ({"name": "mine.json", "type": "application/json", "size": 3,
                         "content": memoryview(b"{x}"),
                         "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)},)
    assert "mine.json" in app.message_html.value and len(c.in_play()) == 4
    assert app.errors == []


def test_kind_of_covers_every_demo_card():
    kinds = {kind_of(d) for d in demo_cards().values()}
    assert kinds == {"ground", "flyer", "symbiote", "artifact", "terrain", "equipment", "hero"}


def test_the_any_moment_resources_row_has_a_visible_label_in_each_language():
    app = ExplorerApp(lang="ru")
    row = next(ch for ch in app.moment.children[0].children if app.player_seat in getattr(ch, "children", ()))
    assert row.children[0] is app.player_label and app.player_label.value == "Ресурсы игрока"
    app.lang_toggle.value = "en"
    assert app.player_label.value == "Player's resources"


def test_an_error_in_a_click_is_shown_in_the_explorers_message_area_not_raised():
    from berserk_kernel.berserk import new_game
    from widgets import BerserkApp
    from widgets.app_parts import ErrorShown

    app = ExplorerApp(lang="en")
    game = BerserkApp(new_game(seed=1), lang="en")
    assert isinstance(app, ErrorShown) and isinstance(game, ErrorShown)
    for page, css in ((app, "explorer-message"), (game, "app-message")):
        page.controller.click = lambda _tag: 1 / 0          # a controller that fails on a click
        page._on_click("cell:c3")
        assert page.errors[-1] == "ZeroDivisionError: division by zero"
        assert page.message_html.value.startswith(f"<div class='{css}' role='alert'>⚠ ZeroDivisionError")
