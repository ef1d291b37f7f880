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


def test_tree_page_lists_every_notebook(page, voila_url):
    """The page `make app` opens on lists the lessons. (Its console shows widget-plugin
    errors on every Voilà tree page, since no kernel runs there: not checked.)"""
    if not notebook_names():
        pytest.skip("notebooks/ has no notebooks yet")
    page.goto(voila_url + "/", wait_until="load")
    page.wait_for_selector(".jp-DirListing-itemText", timeout=30_000)
    listed = {el.inner_text().strip() for el in page.query_selector_all(".jp-DirListing-itemText")}
    save_screenshot(page, "_tree", full_page=False)
    missing = {name + ".ipynb" for name in notebook_names()} - listed
    assert not missing, f"not listed on the tree page: {sorted(missing)}; listed: {sorted(listed)}"


def test_start_page_links_every_app(page, voila_url):
    """00_start_here is the index: it links every other notebook as a Voilà app page (each of those
    pages is rendered by test_notebook_renders_without_errors)."""
    open_app(page, voila_url, "00_start_here")
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.href)")
    linked = {h.rsplit("/", 1)[-1][:-len(".ipynb")] for h in hrefs}
    assert linked == set(notebook_names()) - {"00_start_here"}
    for h in hrefs:
        assert h.startswith(voila_url + "/voila/render/"), h
