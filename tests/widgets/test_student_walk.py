"""What a student walk found (session 7): which button is loud in a lesson, the start page's first
screen, the stars of a lesson, one seat colour scheme for both games, lower case after a colon in
the City log. The browser half is tests/browser/test_student_u.py."""
from __future__ import annotations

import copy
import json
import re
import tomllib
from importlib import resources

import pytest

from berserk_kernel.berserk import new_game as berserk_game
from berserk_kernel.berserk.scene import OWNER_COLOURS, OWNER_FILLS, board_scene
from berserk_kernel.city import new_game as city_game
from berserk_kernel.city.scene import WALL, city_scene
from berserk_kernel.core.scene import PALETTE, SEAT_COLOURS
from widgets import BerserkApp, CityApp
from widgets.lesson import LessonPage
from widgets.lesson_data import lesson_from_dict, lesson_ids, load_lesson
from widgets.lesson_map import StartPage, lesson_state
from widgets.lesson_words import TWO_STARS_AT_MOST, stars, stars_text
from widgets.progress import ProgressStore

from .test_lesson_engine import BASE


def page(lang="en"):
    return LessonPage(lesson_from_dict(copy.deepcopy(BASE), "<test>"), lang)


# --- 1. in a lesson no game button is louder than the objective; Hint is the secondary button ----
def test_lesson_prompt_buttons_are_plain_and_the_hint_is_the_secondary_button():
    p = LessonPage(load_lesson("01_field_and_zones"), "ru")
    buttons = p.app.prompt_buttons.children
    assert [b.description for b in buttons] == ["Закончить ход"]          # the loud teal one before
    assert [b.button_style for b in buttons] == [""]
    assert "hint-button" in p.hint_button._dom_classes and p.hint_button.button_style == ""
    for b in (p.show_button, p.restart_button):                         # tertiary: plain, no outline
        assert "hint-button" not in b._dom_classes and b.button_style == ""


def test_hot_seat_prompts_stay_teal_and_their_hint_looks_like_the_lessons():
    app = BerserkApp(berserk_game(seed=1), lang="ru", setup_row=True)
    assert app.prompt_buttons.children and {b.button_style for b in app.prompt_buttons.children} == {"info"}
    assert "hint-button" in app.bot_panel.hint_button._dom_classes
    city = CityApp(city_game(players=2, seed=1), lang="ru", setup_row=True)
    assert "hint-button" in city.bot_panel.hint_button._dom_classes


# --- 2. the start page: where to go now and «Play» beside the lessons -------------------------
def start_page(progress: dict | None):
    store = ProgressStore()
    sp = StartPage("ru", store)
    store.value = json.dumps({"lessons": progress or {}})
    store.loaded = True
    return sp


def all_stages(lesson_id: str, mistakes: int = 0) -> dict:
    return {"done": True, "stages": {s.id: {"done": True, "mistakes": mistakes, "hints": 0}
                                     for s in load_lesson(lesson_id).stages}}


def test_start_page_puts_the_next_lesson_and_play_before_the_list():
    html = start_page(None).body.value
    aside, lessons = html.index("start-aside"), html.index("start-lessons")
    assert aside < lessons                              # first in the page; the CSS puts it on the right
    assert html.index("20_berserk_hotseat.ipynb?lang=ru") < lessons
    go = re.search(r"<a class='start-go' data-lesson='([^']+)' href='([^']+)'>([^<]+)</a>", html)
    assert go.groups() == ("01_field_and_zones", "01_field_and_zones.ipynb?lang=ru", "Начать с урока 1 →")
    assert "Впервые видите игру?" in html


def test_start_page_goes_on_with_the_first_lesson_not_done():
    ids = lesson_ids()
    sp = start_page({ids[0]: all_stages(ids[0])})
    assert f"data-lesson='{ids[1]}' href='{ids[1]}.ipynb?lang=ru'>Продолжить: урок 2 →" in sp.body.value
    sp.toggle.value = "en"
    assert f"{ids[1]}.ipynb?lang=en'>Continue: lesson 2 →" in sp.body.value
    done = start_page({lid: all_stages(lid) for lid in ids}).body.value
    assert "start-go'" not in done and "Все уроки пройдены" in done


# --- 3. the stars follow the mistakes and hints --------------------------------------------------
@pytest.mark.parametrize("mistakes,hints,n", [(0, 0, 3), (1, 0, 2), (0, 1, 2), (2, 1, 2), (3, 1, 1), (0, 4, 1),
                                              (9, 9, 1)])
def test_stars(mistakes, hints, n):
    assert TWO_STARS_AT_MOST == 3
    assert stars(mistakes, hints) == n and stars_text(n) == "★" * n + "☆" * (3 - n)


def end_screen(p) -> tuple[str, str]:
    m = re.search(r"data-stars='(\d)'.*?<div class='lesson-stars'[^>]*>([★☆]+)</div>", p.objective_html.value)
    return m.groups()


def test_a_lesson_without_mistakes_has_three_stars():
    p = page()
    p.act("move #1 c3")
    p.act("strike #1 #2")
    assert end_screen(p) == ("3", "★★★") and "3 stars of 3" in p.objective_html.value
    assert "No mistakes and no hints" in p.objective_html.value


def test_a_mistake_or_a_hint_costs_a_star_and_the_end_says_how_stars_are_earned():
    p = page()
    assert p.act("move #1 b2") and p.engine.score.mistakes == 1           # wrong, taken back
    p.act("move #1 c3")
    p.act("strike #1 #2")
    assert p.engine.finished and p.engine.totals() == (1, 0)
    assert end_screen(p) == ("2", "★★☆") and "2 stars of 3" in p.objective_html.value
    assert "1 mistake, 0 hints" in p.objective_html.value and "No mistakes" not in p.objective_html.value
    assert "★★: at most 3 mistakes and hints in all" in p.objective_html.value
    p.app.lang_toggle.value = "ru"
    assert "2 звезды из 3" in p.objective_html.value and "Урок пройден!" in p.objective_html.value
    assert "★★ — не больше 3 ошибок и подсказок вместе" in p.objective_html.value

    q = page()
    for _ in range(2):
        q.hint_button.click()
        q.show_button.click()                                              # Show me counts as a hint too
    assert q.engine.finished and q.engine.totals() == (0, 4)
    assert end_screen(q) == ("1", "★☆☆")


def test_the_start_page_shows_the_same_stars():
    lesson = load_lesson(lesson_ids()[0])
    n = len(lesson.stages)
    assert lesson_state(lesson, all_stages(lesson.id), "ru") == ("done", "✓ пройден ★★★ · 0 ошибок, 0 подсказок")
    one = all_stages(lesson.id)
    one["stages"][lesson.stages[0].id]["mistakes"] = 1
    assert lesson_state(lesson, one, "en")[1] == "✓ complete ★★☆ · 1 mistake, 0 hints"
    assert lesson_state(lesson, all_stages(lesson.id, mistakes=1), "en")[1].startswith("✓ complete ★☆☆") and n > 3


# --- 4. one seat colour scheme for both games ---------------------------------------------------
def test_seat_a_and_b_have_the_same_colours_in_berserk_and_the_city():
    assert SEAT_COLOURS[:2] == ("blue", "vermillion")
    assert OWNER_COLOURS == (PALETTE["blue"], PALETTE["vermillion"]) and OWNER_FILLS == ("#DCEBF7", "#F9E3D6")
    g = city_game(players=4, seed=3)
    assert g.colours == SEAT_COLOURS
    # drawn: A's district in the City is filled with the colour of A's cards in Berserk
    city = city_game(players=2, map="default", seed=4, forced=[3, 4, 9, 6])
    city.apply(city.legal_actions()[0])                  # B picks first (initiative 15 against 7)
    city.apply(city.legal_actions()[0])                  # then A
    fills = {s.fill for s in city_scene(city).shapes if getattr(s, "hit", None) and s.hit.startswith("district:")}
    assert {PALETTE["blue"], PALETTE["vermillion"]} <= fills and PALETTE["orange"] not in fills
    texts = {s.text: s.fill for s in board_scene(berserk_game(seed=1)).shapes if hasattr(s, "text")}
    assert texts["A"] == PALETTE["blue"] and texts["B"] == PALETTE["vermillion"]    # the seats' names
    assert WALL not in {PALETTE[c] for c in SEAT_COLOURS}   # a river is not mistaken for a seat's border


# --- 5. the City log: lower case after a colon -------------------------------------------------
PHASE_NAMES_EN = {"Event"}     # "turn of Player A: Event, Income, Actions": the names of the phases


def catalog_texts(package: str):
    with resources.files(package).joinpath("data/messages.toml").open("rb") as f:
        data = tomllib.load(f)
    for key, table in data.items():
        for lang in ("ru", "en"):
            yield key, lang, table[lang]


@pytest.mark.parametrize("package", ["berserk_kernel.city", "berserk_kernel.berserk", "berserk_kernel.core"])
def test_no_capital_after_a_colon_in_the_log_catalogs(package):
    bad = []
    for key, lang, text in catalog_texts(package):
        for m in re.finditer(r":\s+([A-ZА-ЯЁ][a-zа-яё]+)", text):
            if not (lang == "en" and m.group(1) in PHASE_NAMES_EN):
                bad.append((key, lang, text))
    assert bad == []


def test_city_log_lines_after_a_colon_in_a_whole_game():
    """Every log line of a played game: after «: » lower case, a player's name, a number or a quote;
    an event's card text is its own sentence after the event's name."""
    import random
    g = city_game(players=3, seed=5)
    rng = random.Random(5)
    while not g.is_terminal() and len(g.actions) < 500:
        g.apply(rng.choice(g.legal_actions()))
    lines = [e.ru for e in g.log] + [e.en for e in g.log]
    assert any(x.startswith("Игрок A: инициатива ") for x in lines)
    assert any(re.match(r"Игрок [ABC]: влияние \d+$", x) for x in lines)
    events = [x for x in lines if "тянет Событие «" in x]
    assert events and all(re.match(r"Игрок [ABC] тянет Событие «[^»]+»\. \S", x) for x in events)
    for x in lines:
        for m in re.finditer(r":\s+([A-ZА-ЯЁ]\w*)", x):
            assert m.group(1) in ("Игрок", "Player", "Event", "A", "B", "C"), x


def test_the_status_line_has_the_colour_of_the_seat_to_decide():
    app = BerserkApp(berserk_game(seed=1), lang="ru")
    c = app.controller
    seen = set()
    for _ in range(40):                                  # until both seats have decided
        seen.add(c.seat)
        assert f"border-left:6px solid {OWNER_COLOURS[c.seat]}" in app.status_html.value
        assert f"Решает: {c.seat_name(c.seat)}" in app.status_html.value
        if seen == {0, 1}:
            break
        c.apply(c.state.legal_actions()[0])
        app.refresh()
    assert seen == {0, 1}
    city = CityApp(city_game(players=3, seed=1), lang="en")
    cc = city.controller
    cc.apply(cc.state.legal_actions()[0])               # A picks; C decides next (not A's blue,
    city.refresh()                                       # which is also the neutral colour)
    assert cc.seat == 2
    assert f"border-left:6px solid {PALETTE[SEAT_COLOURS[2]]}" in city.status_html.value


def test_again_starts_a_clean_score_so_a_clean_replay_earns_three_stars():
    # «Пройти урок ещё раз» in the same page kept the first run's mistakes: a clean replay still
    # showed ★★ and saved the old mistake (after a reload the same replay earned ★★★)
    page = LessonPage(lesson_from_dict(copy.deepcopy(BASE), "<test>"), "en")
    page.act("move #1 b2")                          # not the lesson's move: one mistake
    page.act("move #1 c3")
    page.act("strike #1 #2")
    assert page.engine.finished and page.engine.totals() == (1, 0)
    assert re.search(r"data-stars='(\d)'", page.objective_html.value).group(1) == "2"
    page.again_button.click()
    assert not page.engine.finished and page.engine.totals() == (0, 0) and page.engine.index == 0
    page.act("move #1 c3")
    page.act("strike #1 #2")
    assert page.engine.finished and page.engine.totals() == (0, 0)
    assert re.search(r"data-stars='(\d)'", page.objective_html.value).group(1) == "3"
    saved = page.engine.progress()["stages"]
    assert saved and all(s["mistakes"] == 0 and s["hints"] == 0 for s in saved.values())
