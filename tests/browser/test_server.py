"""The class server (widgets/server.py, what `make app` runs): start page on `/`, a closed page
frees its kernel, the kernel cap answers politely, kernel errors reach a page without server paths.
"""
from __future__ import annotations

import http.cookiejar
import json
import time
import urllib.error
import urllib.request
import uuid

import pytest
import websocket

from conftest import free_port
from voila_app import ARTIFACTS_DIR, CULL_IDLE_S, CULL_INTERVAL_S, ROOT, app_url, start_server

START = "/voila/render/00_start_here.ipynb"
BARE = ROOT / "benchmarks"           # bare_button.ipynb: a one-button notebook, fast to render


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def http_get(url: str, follow: bool = True):
    """(status, headers, body) of a GET; HTTP errors are answers too."""
    opener = urllib.request.build_opener() if follow else urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=120) as r:
            return r.status, r.headers, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode("utf-8", "replace")


def wait_for(predicate, timeout: float, step: float = 0.5):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


@pytest.fixture(scope="module")
def small_server():
    """A second server with a cap of 2 kernels serving benchmarks/ (a one-button notebook)."""
    server = start_server(free_port(), ["--max_kernels=2", "--start_page=bare_button.ipynb"],
                          log_path=ARTIFACTS_DIR / "voila-small.log", root=BARE)
    try:
        yield server
    finally:
        server.stop()


def test_root_redirects_to_the_start_page_keeping_lang(voila_url, page):
    status, headers, _ = http_get(voila_url + "/?lang=en", follow=False)
    assert status == 302
    assert headers["Location"] == START + "?lang=en"
    status, headers, _ = http_get(voila_url + "/voila/tree", follow=False)
    assert (status, headers["Location"]) == (302, START)

    page.goto(voila_url + "/?lang=en", wait_until="commit")
    page.wait_for_selector("body[data-voila]", timeout=60_000)
    assert page.url == voila_url + START + "?lang=en"


def test_closing_a_page_frees_its_kernel(voila_server, browser):
    before = set(voila_server.kernel_pids())
    context = browser.new_context()
    page = context.new_page()
    page.goto(app_url(voila_server.url, "00_start_here"), wait_until="commit")
    page.wait_for_selector("body[data-voila]", timeout=60_000)
    started = wait_for(lambda: set(voila_server.kernel_pids()) - before, 30)
    assert len(started) == 1, f"one kernel for the page, got {started}"
    # the page's websocket is connected: the kernel is not culled while the page is open
    page.wait_for_function("() => document.querySelector('#loading') === null", timeout=60_000)
    kernel_id = page.content().split('"kernelId": "')[1].split('"')[0]
    assert "_xsrf=" in document_cookie(page)

    page.close(run_before_unload=True)      # what closing the tab does: the shutdown beacon
    gone = wait_for(lambda: not (started & set(voila_server.kernel_pids())),
                    CULL_IDLE_S + 3 * CULL_INTERVAL_S)
    context.close()
    assert gone, f"kernel {kernel_id} still running after the page closed"
    # shut down by the page's beacon, not by the culler
    assert f"({kernel_id})" not in voila_server.log_path.read_text(errors="replace")


def document_cookie(page) -> str:
    return page.evaluate("() => document.cookie")


def test_a_page_never_connected_is_culled(voila_server):
    """A plain HTTP request (a crawler, a tab killed before its scripts ran) starts a kernel;
    the culler ends it after the idle timeout."""
    before = set(voila_server.kernel_pids())
    status, _, body = http_get(app_url(voila_server.url, "00_start_here"))
    assert status == 200 and "data-voila" in body
    started = set(voila_server.kernel_pids()) - before
    assert len(started) == 1
    gone = wait_for(lambda: not (started & set(voila_server.kernel_pids())),
                    CULL_IDLE_S + 3 * CULL_INTERVAL_S + 10, step=1)
    assert gone, f"kernel {started} was not culled"


def _kernel_socket(server_url: str, notebook: str):
    _, _, body = http_get(app_url(server_url, notebook))
    kernel_id = json.loads(body.split('"kernelId": ')[1].split(",")[0])
    ws = websocket.create_connection(
        server_url.replace("http", "ws") + f"/api/kernels/{kernel_id}/channels?session_id=t",
        timeout=10)
    return ws, body


def _send(ws, msg_type: str, content: dict) -> None:
    ws.send(json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "username": "t", "session": "t",
                   "msg_type": msg_type, "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
        "buffers": []}))


def _replies(ws, seconds: float = 3.0) -> list[dict]:
    out, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = json.loads(ws.recv())
        except websocket.WebSocketTimeoutException:
            continue
        if msg["header"]["msg_type"] != "status":
            out.append(msg)
    return out


def test_bad_comm_messages_are_answered_without_server_paths(small_server):
    ws, body = _kernel_socket(small_server.url, "bare_button")
    ws.settimeout(0.5)
    model_id = body.split('"model_id": "')[1].split('"')[0]
    try:
        _send(ws, "comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "no.such.target",
                                "data": {}})
        unknown = _replies(ws)
        _send(ws, "comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                "data": {"state": {}}})
        bad_version = _replies(ws)
        _send(ws, "comm_msg", {"comm_id": model_id, "data": {}})
        bad_data = _replies(ws)
    finally:
        ws.close()

    assert [m["header"]["msg_type"] for m in unknown] == ["stream", "comm_close"]
    assert unknown[0]["content"]["text"] == "No such comm target registered: no.such.target\n"
    texts = {m["header"]["msg_type"]: m["content"] for m in bad_version}
    assert texts["stream"]["text"] == (
        "Exception opening comm with target: jupyter.widget\n"
        "ValueError: Incompatible widget protocol versions: received version '', "
        "expected version '2.1.0'\n")
    errors = [m["content"] for m in bad_data if m["header"]["msg_type"] == "error"]
    assert errors == [{"ename": "KeyError", "evalue": "'method'", "traceback": ["KeyError: 'method'"]}]
    everything = json.dumps([unknown, bad_version, bad_data])
    for leak in ("Traceback", str(ROOT), "site-packages", ".py"):
        assert leak not in everything
    # the teacher still finds the whole story in the server's log
    log = small_server.log_path.read_text(errors="replace")
    assert "Traceback" in log and "site-packages" in log


def test_over_the_cap_a_polite_page_and_no_kernel(small_server):
    url = app_url(small_server.url, "bare_button")
    while len(small_server.kernel_pids()) < 2:      # fill up to the cap (2)
        status, _, body = http_get(url)
        assert status == 200 and "data-voila" in body
    assert len(small_server.kernel_pids()) == 2

    status, headers, body = http_get(url)
    assert status == 503
    assert headers["Retry-After"] == "60"
    assert "Сервер занят" in body and "обновите" in body
    assert "Traceback" not in body and "Error" not in body
    status, _, body = http_get(url + "?lang=en")
    assert status == 503 and "The server is busy" in body and "Сервер" not in body
    assert len(small_server.kernel_pids()) == 2     # the refused requests started nothing

    # `/` still redirects to the configured start page
    status, headers, _ = http_get(small_server.url + "/", follow=False)
    assert (status, headers["Location"]) == (302, "/voila/render/bare_button.ipynb")


def test_the_close_beacon_needs_the_xsrf_cookie_and_a_known_kernel(small_server):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    status = 200
    try:                        # the page sets the cookie, also when the server is full (503)
        opener.open(app_url(small_server.url, "bare_button"), timeout=120).read()
    except urllib.error.HTTPError as e:
        status = e.code
    xsrf = {c.name: c.value for c in jar}.get("_xsrf")
    assert xsrf, f"no _xsrf cookie (status {status})"

    def post(kernel_id: str, form: bytes) -> int:
        req = urllib.request.Request(small_server.url + "/voila/api/shutdown/" + kernel_id,
                                     data=form, method="POST")
        try:
            return opener.open(req, timeout=10).status
        except urllib.error.HTTPError as e:
            assert "Traceback" not in e.read().decode("utf-8", "replace")
            return e.code

    assert post(str(uuid.uuid4()), b"_xsrf=wrong") == 403
    assert post(str(uuid.uuid4()), b"_xsrf=" + xsrf.encode()) == 404


def test_a_30_mb_upload_to_the_explorer_gets_a_message(page, voila_url):
    """tornado's websocket limit (10 MiB by default) closed the page's connection and the file
    was dropped without a word; the server now takes up to 64 MiB and the explorer answers."""
    from voila_app import open_app

    open_app(page, voila_url, "40_scenario_explorer", lang="en")
    with page.expect_file_chooser() as chooser:
        page.locator(".explorer-upload").first.click()
    chooser.value.set_files({"name": "big.json", "mimeType": "application/json",
                             "buffer": b"[" * 30_000_000})
    message = page.get_by_text("the file is larger than 2000000 bytes")
    message.wait_for(timeout=120_000)
    assert "Not loaded (big.json)" in page.inner_text("body")
