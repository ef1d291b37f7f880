"""The four vocabulary words read in words on a card and on a card in play (widgets/card_text.py),
in Russian and English with agreeing numbers (Babel plurals through core.words)."""
from berserk_kernel.berserk import demo_cards, position
from widgets.berserk_controller import BerserkController
from widgets.card_text import card_lines, state_line


def test_card_text_says_range_boost_grant_and_stay_closed_in_words():
    defs = demo_cards()
    assert "не дальше 2 клеток" in card_lines(defs["hill_javelineer"], "ru")[-1]
    assert "within 3 cells" in card_lines(defs["frost_binder"], "en")[-1]
    assert "закрыть; не открывается в следующий ход" in card_lines(defs["raging_troll"], "ru")[-1]
    ward = card_lines(defs["war_priestess"], "ru")[-1]
    assert "+1 к броску при ответе на 2 хода" in ward
    mentor = card_lines(defs["archery_mentor"], "en")
    assert "give 'Shot for 1' until the end of the turn" in mentor[-2]
    assert "the card only gives it to others" in mentor[-1]


def test_a_card_in_play_shows_what_lasts_on_it():
    s = position("A archery_mentor b3", "A gorge_warden c3", "B forest_boar e5", "A frost_binder e3")
    s.apply("use #1 teach #2")
    s.apply("use #4 bind #3")
    assert state_line(s, 2, "ru").endswith("открыта · способность «Выстрел на 1» до конца хода")
    assert state_line(s, 3, "en").endswith("closed · does not open in its next turn")


def test_the_apps_name_a_granted_ability_by_its_words_not_its_id():
    """The action list and the odds panel find a granted ability (targets.ability_of)."""
    s = position("A archery_mentor b3", "A gorge_warden c3", "B deep_stonecutter c5")
    s.apply("use #1 teach #2")
    c = BerserkController(s, lang="ru")
    shot = next(a for a in s.legal_actions() if a.kind == "use")
    assert c.ability_text(shot) == "Выстрел на 1" and c.ability_text(shot, "en") == "Shot for 1"
