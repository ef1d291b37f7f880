"""Every outcome at a glance and the card editor in Chromium (notebooks/40_scenario_explorer).

A position opened from a link is played; the fold «Все исходы решения на доске» lists one row
per legal action with the kernel's numbers; «Сыграть» on the best-expected row plays it, and
the page's game shows the position a mirror controller reaches with the same action. The card
editor's live check shows the kernel's own error for a strike that does not grow. Screenshots
at 1280x800 and 1024x768 in Russian and English.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from berserk_kernel.berserk import outcomes as berserk_outcomes
from berserk_kernel.berserk import position
from berserk_kernel.berserk.cards import parse_cards
from berserk_kernel.berserk.outcomes import outcomes
from berserk_kernel.core.errors import DataError
from voila_app import assert_no_errors
from voila_app import open_url as goto
from voila_app import screenshots_at_sizes
from widgets.explorer import ExplorerController
from widgets.outcomes_panel import expected_text

pytestmark = pytest.mark.browser

NOTEBOOK = "40_scenario_explorer"
STEP_MS = 20_000
TITLE = {"ru": "Все исходы решения на доске", "en": "Every outcome of the decision on the board"}
PLAY = {"ru": "Играть эту позицию", "en": "Play this position"}


def mirror(lang: str) -> ExplorerController:
    """The position: A's Forest Boar next to B's closed Deadfall Wolf, A's Crag Slinger behind,
    B's Toad Rider far away."""
    s = position("A forest_boar c2", "B deadfall_wolf c3 closed", "B toad_rider a6", "A crag_slinger b2")
    return ExplorerController(s, lang=lang)


def open_played(page, voila_url, lang: str):
    c = mirror(lang)
    goto(page, f"{voila_url}/voila/render/{NOTEBOOK}.ipynb?lang={lang}&pos={c.share_code()}")
    app = page.locator(".explorer-app")
    app.locator("button").filter(has_text=PLAY[lang]).first.click()
    assert c.play()
    expect(app.locator(".explorer-play .app-status")).to_have_text(c.player.status(), timeout=STEP_MS)
    page.get_by_text(TITLE[lang]).first.click()
    panel = app.locator(".explorer-outcomes .app-outcomes")
    expect(panel.locator(".app-outcome-row")).to_have_count(len(c.player.legal()), timeout=STEP_MS)
    return c, app, panel


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_outcomes_panel_plays_the_best_expected_row(page, voila_url, lang):
    c, app, panel = open_played(page, voila_url, lang)
    state = c.player.state
    rows = outcomes(state)
    # sorted by wounds dealt, highest first (the panel's default): the first row is the best
    best = sorted(rows, key=lambda r: (-r.exact["dealt"], rows.index(r)))[0]
    assert best.exact["dealt"] == max(r.exact["dealt"] for r in rows) > 0
    first = panel.locator(".app-outcome-row").first
    expect(first).to_contain_text(c.player.action_label(best.action, lang), timeout=STEP_MS)
    expect(first).to_contain_text(expected_text(best, berserk_outcomes, lang))
    assert_no_errors(page)
    screenshots_at_sizes(page, f"outcomes_panel_{lang}", panel)

    before = len(state.actions)
    first.locator(".app-outcome-play").click()
    assert c.player.apply(best.action)
    assert len(c.player.state.actions) == before + 1
    # the page's game is where the mirror is: same status line, same number of log lines,
    # and the panel lists the next decision
    expect(app.locator(".explorer-play .app-status")).to_have_text(c.player.status(), timeout=STEP_MS)
    expect(app.locator(".explorer-play .app-log select option")).to_have_count(len(c.player.log_lines()),
                                                                                timeout=STEP_MS)
    n_next = len(c.player.legal())
    if n_next:
        expect(panel.locator(".app-outcome-row")).to_have_count(n_next, timeout=STEP_MS)
    else:
        expect(panel).to_contain_text("окончена" if lang == "ru" else "game is over", timeout=STEP_MS)
    assert_no_errors(page)


def test_outcomes_panel_sorts_by_another_metric(page, voila_url):
    c, app, panel = open_played(page, voila_url, "en")
    rows = outcomes(c.player.state)
    panel.locator("select").first.select_option(label="enemies killed")
    order = sorted(rows, key=lambda r: (-r.exact["kills"], rows.index(r)))
    expect(panel.locator(".app-outcome-row").first).to_contain_text(c.player.action_label(order[0].action, "en"),
                                                                    timeout=STEP_MS)
    panel.locator("button").filter(has_text="lowest first").click()
    low = sorted(rows, key=lambda r: (r.exact["kills"], rows.index(r)))
    expect(panel.locator(".app-outcome-row").first).to_contain_text(c.player.action_label(low[0].action, "en"),
                                                                    timeout=STEP_MS)
    assert_no_errors(page)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_card_editor_live_check_shows_the_kernels_error(page, voila_url, lang):
    goto(page, f"{voila_url}/voila/render/{NOTEBOOK}.ipynb?lang={lang}")
    app = page.locator(".explorer-app")
    title = {"ru": "Своя карта: придумать и поставить", "en": "Your own card: make it and place it"}[lang]
    page.get_by_text(title).first.click()
    editor = app.locator(".app-card-editor")
    ok = {"ru": "Ядро принимает эту карту.", "en": "The kernel accepts this card."}[lang]
    expect(editor.locator(".app-card-check")).to_contain_text(ok, timeout=STEP_MS)
    # strike 4-2-2 does not grow: the kernel's own words, naming the card and the field
    table = {"id": "my_warrior", "name": {"ru": "Мой воин", "en": "My warrior"}, "cost": 3, "lives": 3,
             "strike": [4, 2, 2], "move": 1}
    with pytest.raises(DataError) as e:
        parse_cards(table, "<card editor>")
    strike_x = editor.locator("input[type=number]").nth(2)     # cost, lives, then X of the strike
    strike_x.fill("4")
    strike_x.press("Tab")
    expect(editor.locator(".app-card-check")).to_contain_text(e.value.line(lang), timeout=STEP_MS)
    expect(editor.locator("button.app-card-add")).to_be_disabled()
    assert_no_errors(page)
    screenshots_at_sizes(page, f"card_editor_error_{lang}", editor.locator(".app-card-check"))
    strike_x.fill("1")
    strike_x.press("Tab")
    expect(editor.locator(".app-card-check")).to_contain_text(ok, timeout=STEP_MS)
    expect(editor.locator("button.app-card-add")).to_be_enabled()
