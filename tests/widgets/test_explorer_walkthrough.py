"""The scenario explorer's walk-through, as the notebook's check cell used to run it: build a position
through the controller, play a strike with forced dice, save, refuse broken texts unchanged, load
the saved text elsewhere, and drive the app's own controls."""
from widgets.explorer import ExplorerApp, ExplorerController


def test_explorer_walkthrough():
    from widgets.explorer import ExplorerController

    c = ExplorerController(lang="ru")
    # two cards placed: A's swordsman on c3, B's knight on c4
    assert c.place("hired_swordsman", "c3", owner=0) and c.state.at("c3") == 1
    assert c.place("errant_knight", "c4", owner=1) and c.state.at("c4") == 2
    assert not c.place("gorge_warden", "c3", owner=0)            # an occupied cell: the kernel refuses
    assert "c3" in c.message.ru and c.state.at("c3") == 1

    # dice forced: white 5, black 2
    assert c.force_dice(5, 2) and c.queued_dice() == [5, 2]

    # play: the strike rolls 5 - 2 = +3, a medium strike with no answer (R-BR-FIGHT)
    assert c.play() and c.mode == "play"
    assert c.player.apply("strike #1 #2")
    game = c.player.state
    medium = game.defs["hired_swordsman"].strike[1]
    assert game.cards[2].wounds == medium == 2 and game.cards[1].wounds == 0
    assert any(e.rule_id == "BR-10.4" for e in game.log) and game.dice.forced == []
    assert c.player.undo() and game.cards[2].wounds == 0 and c.player.redo()
    assert c.back_to_edit() and c.mode == "edit" and c.state.cards[2].wounds == 2

    # save, then a broken text leaves the position as it was, with a message naming the problem
    saved = c.save_text()
    before = c.state.state_hash()
    assert not c.load_text('{"cards": [{"card": "errant_knight", "owner": 1, "cell": "z9"}]}')
    assert "cards[0].cell" in c.message.ru and "z9" in c.message.ru and c.message.kind == "error"
    assert c.state.state_hash() == before
    assert not c.load_text('{"cards": [')
    assert "JSON" in c.message.ru and c.state.state_hash() == before

    # the saved text loads into another explorer as the same position
    other = ExplorerController(lang="en")
    assert other.load_text(saved) and other.state.state_hash() == before

    # the app's own controls, never shown: the card list, the cell list, Place, Play
    check = ExplorerApp(lang="en")
    check.card_dropdown.value = "pass_eagle"
    check.where_dropdown.value = "b2"
    check.place_button.click()
    assert check.controller.state.seats[0].aux == [1]               # a flyer goes to the aux zone
    check.play_button.click()
    assert check.controller.mode == "play" and check.board is not None and check.errors == []


def test_explorer_help_is_in_one_language():
    ru, en = ExplorerApp(lang="ru"), ExplorerApp(lang="en")
    assert "Соберите позицию" in ru.howto_html.value and "Build a position" not in ru.howto_html.value
    assert "Build a position" in en.howto_html.value and "Соберите" not in en.howto_html.value
    en.lang_toggle.value = "ru"
    assert "Соберите позицию" in en.howto_html.value
