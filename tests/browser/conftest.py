"""Browser tests: Voilà serves notebooks/, Playwright drives Debian's /usr/bin/chromium.

Fixtures
  voila_url      (session)  base URL of a Voilà serving notebooks/, e.g. "http://127.0.0.1:40123"
  browser        (session)  a headless Playwright Browser (sync API)
  page           (function) a new Page in a fresh context; non-localhost requests are aborted;
                            JavaScript errors are recorded in page.js_errors
  open_notebook  (function) open_notebook(name, lang=None) -> page: opens the app in `page`
                            and waits until it is ready
Helpers (import from voila_app): open_app, assert_no_errors, error_report, save_screenshot,
notebook_names, app_url.

Every test in this folder is marked `browser`; `make test` runs them with
`pytest -m browser tests/browser`, and the other test runs skip them.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voila_app import (
    ARTIFACTS_DIR, CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS_DIR, ROOT, VOILA_LOG, block_remote,
    open_app, voila_log_tail, watch_errors,
)

HERE = Path(__file__).resolve().parent
PORT_TIMEOUT = 60.0


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def voila_url():
    """Start `python -m voila notebooks/` on a free port; yield its base URL; SIGTERM it."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    cmd = [
        sys.executable, "-m", "voila", str(NOTEBOOKS_DIR),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--strip_sources=True",
        # Tests want the real traceback in the page (students get Voilà's short notice);
        # note that with it Voilà also shows stderr output, which assert_no_errors rejects.
        "--show_tracebacks=True",
        "--Voila.log_level=WARN",
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    log = open(VOILA_LOG, "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + PORT_TIMEOUT
        while not _port_open(port):
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited with code {proc.returncode}:\n{voila_log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not open port {port} in {PORT_TIMEOUT:.0f} s:\n"
                            f"{voila_log_tail()}")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: Voilà and its kernels
                proc.wait()
        log.close()


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


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
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
