"""Links to positions in Chromium: the explorer builds a position (a card made in the card editor, a
pending defender choice), «Copy link» gives the page's address with ?lang and ?pos, a new page opened
at that address shows the same position; a bad code names <link> and the field; a lesson board opens on a linked position; a City
position opens the City explorer. Screenshots at 1280x800 and 1024x768 in Russian and English.

A mirror `ExplorerController` in this process makes the same edits and says what the page must show.
"""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from berserk_kernel.berserk import BerserkState
from berserk_kernel.core import share
from voila_app import assert_no_errors, open_app
from voila_app import open_url as goto
from voila_app import screenshots_at_sizes as shots
from widgets.card_editor import CardEditor
from widgets.explorer import ExplorerController
from widgets.explorer_city import CityExplorer

pytestmark = pytest.mark.browser

NOTEBOOK = "40_scenario_explorer"
STEP_MS = 20_000


def code_of(url: str) -> str:
    return parse_qs(urlparse(url).query)["pos"][0]


def copy_link(page, scope: str = ".explorer-files") -> str:
    """Press «Copy link» and read the link: from the clipboard when the browser allows it, and
    always from the visible field (the fallback); both must agree."""
    page.locator(f"{scope} .explorer-link .copy-link-button").click()
    field = page.locator(f"{scope} .explorer-link .copy-link-url")
    expect(field).to_have_value(re.compile(r"pos=1"), timeout=STEP_MS)
    url = field.input_value()
    expect(page.locator(f"{scope} .explorer-link .copy-link-status")).not_to_be_empty(timeout=STEP_MS)
    try:
        clip = page.evaluate("() => navigator.clipboard.readText()")
    except Exception:  # noqa: BLE001 - a browser without clipboard reading: the field is the link
        clip = None
    if clip:
        assert clip == url
    return url


def test_copy_link_opens_the_same_position_in_a_new_page(page, voila_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_url)
    open_app(page, voila_url, NOTEBOOK)
    c = ExplorerController(lang="ru")
    app = page.locator(".explorer-app")

    # a new card through the card editor (its default fields: «Мой воин», 3 lives, strike 1-2-2)
    page.get_by_text("Своя карта: придумать и поставить").first.click()
    app.locator(".app-card-add button, button.app-card-add").first.click()
    assert CardEditor(on_card=c.add_own_card, lang="ru").add() is not None
    expect(app.locator(".explorer-message")).to_contain_text(c.message.ru, timeout=STEP_MS)
    expect(app.locator(".explorer-card select")).to_have_value(c.card_label("my_warrior"), timeout=STEP_MS)
    page.get_by_text("Своя карта: придумать и поставить").first.click()

    # build: A's own warrior on c2, B's troll on c3 and stonecutter on d2, through the page's lists
    for card, cell, owner in (("my_warrior", "c2", 0), ("bog_troll", "c3", 1), ("deep_stonecutter", "d2", 1)):
        app.locator(".explorer-owner button").filter(has_text="AB"[owner]).click()
        c.set_owner(owner)
        app.locator(".explorer-card select").select_option(label=c.card_label(card))
        c.set_palette(card)
        where = dict((v, k) for k, v in c.where_options())[cell]
        app.locator(".explorer-where select").select_option(label=where)
        app.locator("button").filter(has_text="Поставить").first.click()
        assert c.place(card, cell)
        expect(app.locator(".explorer-status")).to_have_text(c.status(), timeout=STEP_MS)

    # a pending decision: B chooses a defender against #1's strike at #2 (BR-10.3)
    page.get_by_text("Любой момент партии").first.click()
    app.locator(".explorer-pending-kind select").select_option(label="выбор защитника")
    app.locator(".explorer-pending-attacker select").select_option(label=c.card_line(1))
    app.locator(".explorer-pending-target select").select_option(label=c.card_line(2))
    app.locator("button").filter(has_text="Задать решение").first.click()
    assert c.set_pending("defend", seat=1, attacker=1, target=2), c.message.en
    expect(app.locator(".explorer-entries")).to_contain_text(c.moment_lines("ru")[0], timeout=STEP_MS)
    expect(app.locator(".explorer-status")).to_have_text(c.status(), timeout=STEP_MS)
    assert_no_errors(page)
    app.locator(".explorer-moment").scroll_into_view_if_needed()
    expect(app.locator(".explorer-player-label").first).to_be_visible()
    expect(app.locator(".explorer-player-label").first).to_have_text("Ресурсы игрока")
    shots(page, "explorer_moment_ru")

    url = copy_link(page)
    assert url.startswith(voila_url) and "lang=ru" in url
    linked = BerserkState.from_dict(share.decode(code_of(url)), "<t>")
    assert linked.state_hash() == c.state.state_hash()
    assert {str(a) for a in linked.legal_actions()} == {"defend #3", "nodefend"}
    assert linked.cards[1].card == "my_warrior" and linked.defs["my_warrior"].name.ru == "Мой воин"
    shots(page, "explorer_link_built_ru")

    # a new page at that address: the same position, said to come from the link
    other = goto(page.context.new_page(), url)
    try:
        oapp = other.locator(".explorer-app")
        expect(oapp.locator(".explorer-status")).to_have_text(c.status(), timeout=STEP_MS)
        expect(oapp.locator(".explorer-message")).to_contain_text("Позиция открыта по ссылке — карт в игре: 3", timeout=STEP_MS)
        other.get_by_text("Любой момент партии").first.click()
        expect(oapp.locator(".explorer-entries")).to_contain_text(c.moment_lines("ru")[0], timeout=STEP_MS)
        assert_no_errors(other)
        shots(other, "explorer_link_opened_ru")
        # the same link in English: the whole page in English
        goto(other, url.replace("lang=ru", "lang=en"))
        expect(oapp.locator(".explorer-header h3")).to_have_text("Berserk — scenario explorer", timeout=STEP_MS)
        c.set_lang("en")
        expect(oapp.locator(".explorer-status")).to_have_text(c.status(), timeout=STEP_MS)
        expect(oapp.locator(".explorer-files .explorer-link .copy-link-button")).to_have_text("Copy link")
        expect(oapp.locator(".explorer-summary")).to_contain_text(c.moment_lines("en")[0])
        assert_no_errors(other)
        shots(other, "explorer_link_opened_en")
        other.get_by_text("Any moment of the game").first.click()
        expect(oapp.locator(".explorer-entries")).to_contain_text(c.moment_lines("en")[0], timeout=STEP_MS)
        oapp.locator(".explorer-moment").scroll_into_view_if_needed()
        expect(oapp.locator(".explorer-player-label").first).to_have_text("Player's resources")
        shots(other, "explorer_moment_en")
    finally:
        other.close()


def test_a_bad_link_names_the_link_and_the_field(page, voila_url):
    good = ExplorerController(lang="en")
    good.place("gorge_warden", "c2", owner=0)
    code = good.share_code()
    goto(page, f"{voila_url}/voila/render/{NOTEBOOK}.ipynb?lang=en&pos={code[:-8]}")
    msg = page.locator(".explorer-app .explorer-message")
    expect(msg).to_contain_text("Not loaded (the link <link>)", timeout=STEP_MS)
    expect(msg).to_contain_text("field code")
    expect(page.locator(".explorer-app .explorer-status")).to_have_text(ExplorerController(lang="en").status())
    assert_no_errors(page)
    shots(page, "explorer_link_bad_en")


def test_a_lesson_board_opens_a_linked_position(page, voila_url):
    c = ExplorerController(lang="ru")
    for card, cell, owner in (("gorge_warden", "c2", 0), ("bog_troll", "c3", 1)):
        assert c.place(card, cell, owner=owner)
    goto(page, f"{voila_url}/voila/render/05_strike_and_defenders.ipynb?lang=ru&pos={c.share_code()}")
    note = page.locator(".lesson-link-note")
    expect(note).to_contain_text("свободное исследование", timeout=STEP_MS)
    expect(page.locator("a.lesson-link-back")).to_have_attribute("href", "05_strike_and_defenders.ipynb?lang=ru")
    status = page.locator(".lesson-linked .app-status").first
    expect(status).to_contain_text("A", timeout=STEP_MS)
    assert page.locator(".lesson-objective").count() == 0          # the lesson's tasks are off
    assert_no_errors(page)
    shots(page, "lesson_link_ru")
    page.locator(".lesson-linked button").filter(has_text="English").first.click()
    expect(note).to_contain_text("free exploration", timeout=STEP_MS)
    expect(page.locator("a.lesson-link-back")).to_have_attribute("href", "05_strike_and_defenders.ipynb?lang=en")
    assert_no_errors(page)
    shots(page, "lesson_link_en")


def test_a_city_link_opens_the_city_explorer(page, voila_url):
    c = CityExplorer(lang="en")
    for d, owner, forces in ((13, 0, 2), (14, 0, 3), (15, 1, 2), (20, 1, 4)):
        assert c.set_district(d, owner, forces)
    assert c.set_phase("actions") and c.set_influence(1, 5)
    goto(page, f"{voila_url}/voila/render/{NOTEBOOK}.ipynb?lang=en&pos={c.share_code()}")
    city = page.locator(".explorer-app .explorer-city")
    expect(city).to_be_visible(timeout=STEP_MS)
    expect(page.locator(".explorer-app .explorer-header h3")).to_have_text("Battle for the City — scenario explorer")
    expect(city.locator(".city-edit-message")).to_contain_text("The position from the link is open: 4 district(s) held", timeout=STEP_MS)
    expect(city.locator(".city-edit-deck textarea")).to_have_value(c.deck_text())
    url = copy_link(page, ".explorer-city")
    assert share.load(code_of(url)).state_hash() == c.state.state_hash()
    assert_no_errors(page)
    shots(page, "explorer_city_en")
    page.locator(".explorer-header button").filter(has_text="Русский").click()
    expect(page.locator(".explorer-app .explorer-header h3")).to_have_text("Битва за Город — конструктор позиций",
                                                                           timeout=STEP_MS)
    assert_no_errors(page)
    shots(page, "explorer_city_ru")
