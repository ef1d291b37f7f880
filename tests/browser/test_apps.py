"""Every notebook in notebooks/ opens as a Voilà app without error output."""
import pytest

from voila_app import assert_no_errors, notebook_names, open_app, save_screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("notebook", notebook_names())
def test_notebook_renders_without_errors(page, voila_url, notebook):
    open_app(page, voila_url, notebook)
    shot = save_screenshot(page, notebook)
    assert_no_errors(page)
    assert shot.stat().st_size > 0


def test_start_page_links_every_app(page, voila_url):
    """00_start_here is the index: it links every other notebook as a Voilà app page, keeping the
    page's language (each of those pages is rendered by test_notebook_renders_without_errors)."""
    for lang in ("ru", "en"):
        open_app(page, voila_url, "00_start_here", lang=lang)
        hrefs = page.eval_on_selector_all("a[href*='.ipynb']", "els => els.map(e => e.href)")
        linked = {h.split("?")[0].rsplit("/", 1)[-1][:-len(".ipynb")] for h in hrefs}
        assert linked == set(notebook_names()) - {"00_start_here"}
        for h in hrefs:
            assert h.startswith(voila_url + "/voila/render/"), h
            assert h.endswith(f".ipynb?lang={lang}"), h


LAYOUT_JS = """() => { const r = s => { const e = document.querySelector(s); if (!e) return null;
    const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
    return {canvas: r('.app-board canvas'), side: r('.app-side'), status: r('.app-status'),
            folds: r('.app-folds'), vw: window.innerWidth, vh: window.innerHeight}; }"""


@pytest.mark.parametrize("notebook", ["20_berserk_hotseat", "30_city_hotseat"])
@pytest.mark.parametrize("width,height", [(1280, 800), (1024, 768), (768, 1024)])
def test_hotseat_apps_are_board_first(page, voila_url, notebook, width, height):
    """The board, then the side panel beside it (wrapped below it at 768 px), the board and the
    top of the side panel in the first screen, the secondary panels folded below."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, voila_url, notebook)
    box = page.evaluate(LAYOUT_JS)
    canvas, side, status = box["canvas"], box["side"], box["status"]
    assert canvas["y"] < 120 and canvas["x"] < 40, box                       # nothing above the board
    assert canvas["y"] + canvas["h"] <= height, box                           # the whole board on screen
    assert canvas["w"] >= 0.6 * min(width - 40, 720) and canvas["w"] <= 721, box
    if width >= 1024:
        assert side["x"] >= canvas["x"] + canvas["w"] - 1 and side["y"] < canvas["y"] + 40, box  # beside
        assert status["y"] + status["h"] <= height, box
    else:
        assert side["y"] >= canvas["y"] + canvas["h"] - 1, box               # wrapped below
        assert side["x"] + side["w"] <= width, box
    assert box["folds"]["y"] > canvas["y"] + canvas["h"], box
    save_screenshot(page, f"layout_{notebook}_{width}x{height}", full_page=False)
    assert_no_errors(page)
