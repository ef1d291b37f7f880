"""OutcomesPanel without a browser: one row per legal action, the kernel's numbers, sorting by
expected value, «Сыграть / Play it» through the controller, both languages."""
from __future__ import annotations

from fractions import Fraction

import pytest

from berserk_kernel.berserk import position
from berserk_kernel.berserk.outcomes import outcomes
from berserk_kernel.city import load_scenario
from berserk_kernel.city.outcomes import outcomes as city_outcomes
from widgets.berserk_controller import BerserkController
import widgets.outcomes_panel as op
from widgets.city_controller import CityController
from widgets.outcomes_panel import OutcomesPanel, distribution_text, number


def _berserk(lang="ru"):
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", "B toad_rider a6", "A crag_slinger b2")
    return s, BerserkController(s, lang=lang)


def _texts(panel):
    return [box.children[0].value for box in panel.table.children]


def test_one_row_per_legal_action_in_words():
    s, c = _berserk("en")
    panel = OutcomesPanel(c)
    legal = s.legal_actions()
    assert len(panel.rows) == len(panel.table.children) == len(legal)
    assert {r.action for r in panel.rows} == set(legal)
    html = "".join(_texts(panel))
    for a in legal:
        assert c.action_label(a, "en").split(" (")[0] in html
    # the strike's numbers are the kernel's: 1/2 one wound, 1/3 two, 1/6 three
    strike = [b for b in panel.table.children if "strikes" in b.children[0].value][0]
    assert "wounds dealt 1.67" in strike.children[0].value
    chart = strike.children[1].value
    assert chart.count("<rect") == 3 and "50%: wounds dealt: 1" in chart and "33.3%" in chart


def test_sorted_by_expected_value_and_reversed():
    s, c = _berserk("en")
    panel = OutcomesPanel(c)
    panel.sort_by("dealt")
    values = [r.exact["dealt"] for r in panel.rows]
    assert values == sorted(values, reverse=True) and values[0] > 0
    assert panel.best_row() is panel.rows[0]
    panel.sort_by("dealt", descending=False)
    assert [r.exact["dealt"] for r in panel.rows] == sorted(values)
    panel.metric_box.value = "kills"          # the dropdown sorts too
    assert panel.metric == "kills"
    kills = [r.exact["kills"] for r in panel.rows]
    assert kills == sorted(kills)              # still lowest first
    panel.order_box.value = True
    assert [r.exact["kills"] for r in panel.rows] == sorted(kills, reverse=True)
    panel.sort_by("order")
    assert [r.action for r in panel.rows] == s.legal_actions()
    with pytest.raises(ValueError):
        panel.sort_by("luck")


def test_play_it_applies_the_row_through_the_controller():
    s, c = _berserk("en")
    played = []
    panel = OutcomesPanel(c, on_play=played.append)
    panel.sort_by("dealt")
    best = panel.best_row().action
    n = len(s.actions)
    assert panel.play(0) is True
    assert s.actions[n:] == [best] and played == [best]
    assert "Done" in panel.status.value
    # the panel now shows the next decision (the opponent's or the same player's)
    assert {r.action for r in panel.rows} == set(s.legal_actions())
    assert panel.play(999) is False


def test_play_refused_changes_nothing():
    s, c = _berserk("en")
    panel = OutcomesPanel(c)
    c.hold = lambda: ("Ждите", "Wait")          # the computer is thinking: nothing is played
    before = s.state_hash()
    assert panel.play(0) is False
    assert s.state_hash() == before and "Wait" in panel.status.value


def test_both_languages():
    s, c = _berserk("ru")
    panel = OutcomesPanel(c)
    ru = panel.title.value + panel.head.value + "".join(_texts(panel))
    assert "Все исходы" in ru and "Решает A" in ru and "в среднем" in ru and "нанесено ран 1,67" in ru
    assert [b.children[2].description for b in panel.table.children][0] == "Сыграть"
    assert panel.metric_box.description == "Сортировать по"
    panel.set_lang("en")
    en = panel.title.value + panel.head.value + "".join(_texts(panel))
    assert "Every outcome" in en and "A decides" in en and "on average" in en
    assert panel.table.children[0].children[2].description == "Play it"
    assert dict(panel.metric_box.options)["wounds dealt"] == "dealt"
    assert "нанесено" not in en


def test_city_panel_rows_and_play():
    pos = {"phase": "actions", "round": 1, "current": 0, "influence": [0, 0], "hq": [1, 2],
           "districts": {"1": {"owner": 0, "forces": 3}, "2": {"owner": 1, "forces": 1}, "3": {"owner": 1, "forces": 2}}}
    s = load_scenario({"game": "city", "setup": {"players": 2, "map": "default", "seed": 1}, "position": pos})
    c = CityController(s, lang="en")
    panel = OutcomesPanel(c)
    assert len(panel.rows) == len(s.legal_actions())
    panel.sort_by("captured")
    best = panel.best_row()
    assert best.exact["captured"] == max(r.exact["captured"] for r in city_outcomes(s))
    html = "".join(_texts(panel))
    assert "Attack district 2 from district 1" in html and "districts captured" in html
    assert "Player A decides" in panel.head.value
    assert panel.play(0) and s.actions[-1] == best.action


def test_game_over_and_helpers():
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", forced=[6])
    s.apply("strike #1 #2")
    c = BerserkController(s, lang="en")
    panel = OutcomesPanel(c)
    assert panel.rows == [] and panel.table.children == () and "game is over" in panel.head.value
    assert number(1.5, "ru") == "1,5" and number(2.0, "en") == "2" and number(1 / 3, "en") == "0.33"
    rows = outcomes(position("A forest_boar c2", "B deadfall_wolf c3 closed", "B toad_rider a6"))
    strike = [r for r in rows if r.action.kind == "strike"][0]
    assert strike.distribution[0][1] == Fraction(1, 2)
    assert distribution_text(strike.distribution, "ru", 1) == "50%: нанесено ран: 1; и ещё исходов: 2"


def test_a_big_decision_waits_for_work_them_out(monkeypatch):
    monkeypatch.setattr(op, "BIG", 3)
    s, c = _berserk("en")
    panel = OutcomesPanel(c)
    assert panel.waiting and panel.rows == [] and panel.table.children == ()
    assert f"has {len(s.legal_actions())} actions" in panel.head.value
    assert panel.big_button.description == "Work them out" and panel.big_button.layout.display == ""
    panel.big_button.click()
    assert not panel.waiting and len(panel.rows) == len(s.legal_actions())
    assert panel.big_button.layout.display == "none"
    panel.set_lang("ru")                        # already worked out: stays worked out
    assert len(panel.rows) == len(s.legal_actions()) and "Сыграть" in panel.table.children[0].children[2].description


def test_heading_can_be_left_to_the_host():
    _s, c = _berserk("en")
    assert "Every outcome" in OutcomesPanel(c).title.value
    assert OutcomesPanel(c, heading=False).title.value == ""
