"""CardEditor without a browser: the live check shows the kernel's own error, abilities from the
vocabulary (ready-made and built), «Добавить / Add» hands an accepted table to on_card, and the
card plays in a position."""
from __future__ import annotations

import pytest

from berserk_kernel.berserk import position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.core.errors import DataError
from widgets.card_editor import CardEditor, demo_abilities, slug


def _kernel_error(table) -> DataError:
    with pytest.raises(DataError) as e:
        parse_cards(table, "<card editor>")
    return e.value


def test_defaults_are_a_card_the_kernel_accepts():
    got = []
    e = CardEditor(on_card=got.append, lang="en")
    assert e.error is None and "The kernel accepts this card" in e.status.value
    assert not e.add_button.disabled
    table = e.add()
    assert got == [table] and table["id"] == "my_warrior" and table["name"] == {"ru": "Мой воин", "en": "My warrior"}
    assert parse_cards(table)["my_warrior"].strike == (1, 2, 2)
    assert "added" in e.status.value and e.add_button.disabled        # the id is taken now


def test_live_check_shows_the_kernels_own_error_naming_the_field():
    got = []
    e = CardEditor(on_card=got.append, lang="en")
    e.strike[0].value = 4                       # 4-2-2 does not grow
    want = _kernel_error(e.table())
    assert e.error is not None and e.error.field == want.field == "card[my_warrior].strike"
    assert want.en in e.status.value.replace("&lt;", "<").replace("&gt;", ">")
    assert e.add_button.disabled and e.add() is None and got == []
    e.set_lang("ru")
    assert want.ru in e.status.value.replace("&lt;", "<").replace("&gt;", ">")
    e.strike[0].value = 1
    assert e.error is None and not e.add_button.disabled


def test_id_follows_the_english_name_until_edited_and_taken_ids_are_refused():
    e = CardEditor(lang="en")
    e.name_en.value = "Brave Guard!"
    assert e.card_id.value == "brave_guard"
    e.card_id.value = "gorge_warden"            # a demo card's id
    assert e.error.field == "card[gorge_warden].id" and "taken" in e.status.value
    e.name_en.value = "Another"
    assert e.card_id.value == "gorge_warden"    # edited by hand: the name no longer changes it
    e.card_id.value = "9 bad id"
    assert e.error is not None and e.error.field.startswith("card[")
    assert slug("Ёж 2") == "my_card" and slug("Brave  Guard 2") == "brave_guard_2"


def test_types_leave_out_fields_they_do_not_have():
    e = CardEditor(lang="en")
    e.type.value = "terrain"
    t = e.table()
    assert "lives" not in t and "strike" not in t and "kind" not in t
    assert e.error is None and e.kind.disabled
    e.type.value = "creature"
    e.kind.value = "symbiote"
    assert "strike" not in e.table() and e.error is None


def test_built_ability_checked_by_the_kernel_then_added():
    e = CardEditor(lang="en")
    assert "accepts this ability" in e.ability_status.value          # shot, one target, wound 1, close
    e.target.value = "mass"                                            # an attack has one target
    err = _kernel_error(dict(e.table(), id="draft_card", abilities=[e.draft()]))
    assert err.field == "card[draft_card].abilities[shot].target" and "HR-targets" in err.en
    assert e.add_ability_button.disabled and e.add_ability() is False and e.abilities == []
    e.target.value = "one"
    e.amount.value = 2
    assert e.add_ability() is True
    assert e.abilities[0]["effects"] == [{"op": "wound", "amount": 2}] and e.abilities[0]["cost"] == {"close": True}
    # a constant: choosing the sort sets its timing, drops target and effect, offers armour
    e.ab_kind.value = "constant"
    assert (e.timing.value, e.target.value, e.op.value, e.modifier.value) == ("constant", "", "", "armour")
    assert e.add_ability() is True
    assert e.abilities[1] == {"id": "constant", "kind": "constant", "timing": "constant",
                              "text": {"ru": "свойство: броня +1", "en": "constant: armour +1"},
                              "modifier": {"armour": 1}}
    table = e.add()
    assert [a.id for a in parse_cards(table)["my_warrior"].abilities] == ["shot", "constant"]
    e.remove_ability(0)
    assert [a["id"] for a in e.abilities] == ["constant"]


def test_ready_made_ability_from_a_demo_card():
    e = CardEditor(lang="ru")
    demo = demo_abilities()
    i = next(k for k, (cid, a) in enumerate(demo) if cid == "gorge_warden")
    assert e.take_preset() is False               # nothing picked yet
    e.preset.value = i
    assert e.take_preset() and e.take_preset()    # twice: the second gets a fresh id
    assert [a["id"] for a in e.abilities] == ["armour", "armour_2"]
    assert e.error is None and "Ядро принимает эту карту" in e.status.value


def test_the_new_card_plays_in_a_position():
    got = []
    e = CardEditor(on_card=got.append, lang="en")
    e.name_en.value = "Stone Guard"
    e.lives.value = 6
    e.ab_kind.value = "constant"
    e.add_ability()
    e.add()
    s = position("A stone_guard c2", "B toad_rider c3", cards=got)
    uid = s.at("c2")
    assert s.card(uid)[1].lives == 6 and s.card(uid)[1].abilities[0].mod("armour") == 1
    assert any(str(a).startswith("strike") for a in s.legal_actions())


def test_both_languages_on_the_page():
    e = CardEditor(lang="ru")
    html = " ".join(getattr(w, "value", "") for w in _all(e) if isinstance(getattr(w, "value", None), str))
    assert "Своя карта" in html and "Жизни" in html and "Your own card" not in html
    assert e.add_button.description == "Добавить" and e.type.label == "Существо"
    e.set_lang("en")
    html = " ".join(getattr(w, "value", "") for w in _all(e) if isinstance(getattr(w, "value", None), str))
    assert "Your own card" in html and "Lives" in html and "Своя карта" not in html
    assert e.add_button.description == "Add" and e.type.label == "Creature"


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)
