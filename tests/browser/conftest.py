"""Browser tests: the class server (widgets/server.py, what `make app` runs) serves notebooks/,
Playwright drives Debian's /usr/bin/chromium.

Fixtures
  voila_server   (session)  voila_app.VoilaServer: .url, .proc, .kernel_pids()
  voila_url      (session)  its base URL, e.g. "http://127.0.0.1:40123"
  browser        (session)  a headless Playwright Browser (sync API)
  page           (function) a new Page in a fresh context; non-localhost requests are aborted;
                            JavaScript errors are recorded in page.js_errors
  open_notebook  (function) open_notebook(name, lang=None) -> page: opens the app in `page`
                            and waits until it is ready
Helpers (import from voila_app): open_app, assert_no_errors, error_report, save_screenshot,
notebook_names, app_url, start_server; watch_kernel, kernel_sent, wait_kernel_answered (a click
has reached the page's kernel and been answered), kernel_report.

Every test in this folder is marked `browser`; `make test` runs them with
`pytest -n 2 -m browser tests/browser` (two workers, each with its own server and Chromium), and
the other test runs skip them. A failed test's page is saved as test-artifacts/FAILED-<test>.png
and its last kernel requests are added to the report.
"""
from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from playwright.sync_api import expect

from voila_app import (CHROMIUM, CHROMIUM_ARGS, block_remote, kernel_report, open_app, save_screenshot,
                       start_server, watch_errors)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's page: test-artifacts/FAILED-<test>.png, and its last kernel requests in the
    report (what the page sent its kernel: clicks, changed values)."""
    outcome = yield
    rep = outcome.get_result()
    page = getattr(item, "funcargs", {}).get("page")
    if rep.when != "call" or not rep.failed or page is None:
        return
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in item.name)
    try:
        shot = save_screenshot(page, f"FAILED-{name}", full_page=False)
        rep.sections.append(("page", f"screenshot: {shot}\n{kernel_report(page)}"))
    except Exception as exc:  # noqa: BLE001 - a closed page: the failure itself is reported anyway
        rep.sections.append(("page", f"no screenshot: {exc}"))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_server():
    """The class server as `make app` starts it (`python -m widgets.server notebooks/`, see
    voila_app.SERVER_ARGS for the test timings), on a free port; SIGTERM at the end."""
    try:
        server = start_server(free_port())
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server):
    """Base URL of the class server, e.g. "http://127.0.0.1:40123"."""
    return voila_server.url


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser(playwright_instance):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
    )
    try:
        yield browser
    finally:
        browser.close()


# Playwright's own defaults (30 s for an action such as a click or a file upload, 5 s for an
# `expect` without a timeout) are limits, not waits: a passing step takes no longer with larger
# ones. `make test-browser` runs two workers on two cores, where a step can take a few times its
# time on an idle machine; these limits keep such a step from failing.
ACTION_TIMEOUT_MS = 60_000
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.route("**/*", block_remote)
    page = context.new_page()
    watch_errors(page)
    try:
        yield page
    finally:
        # Closing with beforeunload lets Voilà shut the page's kernel down now.
        try:
            page.close(run_before_unload=True)
        finally:
            context.close()


@pytest.fixture
def open_notebook(page, voila_url):
    """open_notebook(name, lang=None, **kw) -> page, ready (see voila_app.open_app)."""

    def _open(notebook_name: str, lang: str | None = None, **kwargs):
        return open_app(page, voila_url, notebook_name, lang=lang, **kwargs)

    return _open
