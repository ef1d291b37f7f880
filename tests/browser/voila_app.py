"""Helpers for browser tests of the notebooks served by Voilà (Playwright, sync API).

Import them in a test module of tests/browser as `from voila_app import open_app, ...`
(tests/browser is on sys.path for its own modules). The fixtures that use them live in
tests/browser/conftest.py.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable
from urllib.parse import quote, urlencode, urlparse

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = ROOT / "notebooks"
ARTIFACTS_DIR = ROOT / "test-artifacts"
# Under pytest-xdist (`make test-browser` runs two workers) each worker starts its own servers;
# their logs carry the worker's name: test-artifacts/voila-gw0.log, voila-gw1.log.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_path(path: Path) -> Path:
    """`path` with this xdist worker's name before its suffix (voila.log -> voila-gw0.log);
    unchanged outside xdist or when it already has it."""
    if not WORKER or path.stem.endswith(f"-{WORKER}"):
        return path
    return path.with_name(f"{path.stem}-{WORKER}{path.suffix}")


VOILA_LOG = worker_path(ARTIFACTS_DIR / "voila.log")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

# A notebook page is ready when Voilà has finished executing it (its "#loading" spinner with
# "Running ..." / "Executing N of M" is gone, the page has loaded) and every widget output has
# been rendered by the widget manager ("Loading widget..." placeholders are gone; a widget
# that fails turns into "Error displaying widget", which assert_no_errors catches).
_READY_JS = """() => {
  const body = document.body;
  if (!body || !body.hasAttribute('data-voila')) return false;
  if (document.readyState !== 'complete') return false;
  if (document.querySelector('#loading')) return false;
  for (const el of document.querySelectorAll('.jp-OutputArea-output')) {
    if (el.textContent.trim() === 'Loading widget...') return false;
  }
  return true;
}"""

# Text that means something went wrong, whatever the page is about.
ERROR_PATTERNS = [
    r"Traceback",
    r"\b[A-Za-z]*Error\b",            # "Error displaying widget", ZeroDivisionError, ...
    r"Model not found",
    r"module not registered",
    r"There was an error when executing cell",
    r"Click to show javascript error",  # ipywidgets' error widget
]
# Browser console errors that are expected here: the CDN requests we block on purpose.
IGNORED_CONSOLE = [r"Failed to load resource", r"net::ERR_FAILED"]


# The class server as `make app` runs it (widgets/server.py), with test timings: a closed page's
# kernel that missed the close beacon is culled after CULL_IDLE_S.
CULL_IDLE_S = 30
CULL_INTERVAL_S = 5
SERVER_ARGS = [
    "--ip=127.0.0.1",
    f"--cull_idle_timeout={CULL_IDLE_S}",
    f"--cull_interval={CULL_INTERVAL_S}",
    # Tests want the real traceback in the page (students get Voilà's short notice);
    # note that with it Voilà also shows stderr output, which assert_no_errors rejects.
    "--show_tracebacks=True",
    "--Voila.log_level=WARN",
]
_SERVING = re.compile(r"^Serving (http://\S+)", re.M)


@dataclass
class VoilaServer:
    """A running `python -m widgets.server`: its base URL (no trailing slash) and process."""
    url: str
    proc: subprocess.Popen
    log_path: Path

    def kernel_pids(self) -> list[int]:
        """The server's kernels: child processes running ipykernel."""
        import psutil

        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        pids = []
        for child in children:
            try:
                if any("ipykernel" in part for part in child.cmdline()):
                    pids.append(child.pid)
            except psutil.Error:
                continue
        return pids

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # its own session: server and kernels
                self.proc.wait()


def start_server(port: int, extra_args: Iterable[str] = (), log_path: Path = VOILA_LOG,
                 root: Path = NOTEBOOKS_DIR, timeout: float = 180.0,
                 base_args: Iterable[str] = SERVER_ARGS) -> VoilaServer:
    """Start the class server (`python -m widgets.server`, as `make app` does) on `port` (or the
    next free one) and return once it prints the URL it serves. `extra_args` override the same
    options of `base_args` (the tests' SERVER_ARGS; `make app`'s own defaults with ["--ip=..."]).
    Under pytest-xdist the log's name gets the worker's (worker_path). Raises RuntimeError with
    the log's tail if it exits or does not answer in `timeout` seconds."""
    log_path = worker_path(log_path)       # one server per xdist worker, one log each
    log_path.parent.mkdir(parents=True, exist_ok=True)
    extra_args = list(extra_args)
    given = {a.split("=")[0] for a in extra_args}
    cmd = [sys.executable, "-m", "widgets.server", str(root), f"--port={port}",
           *(a for a in base_args if a.split("=")[0] not in given), *extra_args]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    deadline = time.monotonic() + timeout
    while True:
        found = _SERVING.search(log_path.read_text(errors="replace"))
        if found:
            return VoilaServer(found.group(1).rstrip("/"), proc, log_path)
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}:\n"
                               f"{voila_log_tail(path=log_path)}")
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"the server did not start in {timeout:.0f} s:\n"
                               f"{voila_log_tail(path=log_path)}")
        time.sleep(0.2)


def is_local_url(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return (parsed.hostname or "") in LOCAL_HOSTS


def block_remote(route) -> None:
    """Playwright route handler: let localhost through, abort everything else (Font Awesome
    CDN, ...) so pages never wait for an unreachable network."""
    if is_local_url(route.request.url):
        route.continue_()
    else:
        route.abort()


def watch_errors(page) -> None:
    """Record uncaught JavaScript exceptions and console errors in `page.js_errors`."""
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(f"pageerror: {exc}"))

    def on_console(msg) -> None:
        if msg.type == "error" and not any(re.search(p, msg.text) for p in IGNORED_CONSOLE):
            page.js_errors.append(f"console.error: {msg.text}")

    page.on("console", on_console)


# Every message the page sends to its kernel (a widget's click, a canvas mouse event, a changed
# value) is a shell request; the kernel answers each with a "status: idle" whose parent is that
# request, after every widget update the request caused. The page's WebSocket is watched from
# before Voilà's own scripts run: window.__kw.sent counts the requests sent, window.__kw.pending
# holds those not answered yet. Both forms of the kernel protocol are read (v1 binary, the JSON
# text of the legacy one).
KERNEL_WATCH_JS = r"""(() => {
  if (window.__kw) return;
  const kw = window.__kw = {sent: 0, answered: 0, pending: new Set(), unparsed: 0, log: []};
  const dec = new TextDecoder();
  const segs = (buf) => {
    // the kernel websocket protocol v1 (binary): uint64 n, n uint64 offsets, then channel,
    // header, parent_header, metadata, content, buffers
    const dv = new DataView(buf);
    if (buf.byteLength < 16) return null;
    const n = dv.getUint32(0, true);
    if (n < 6 || 8 * (n + 1) > buf.byteLength || dv.getUint32(8, true) !== 8 * (n + 1)) return null;
    const off = (i) => dv.getUint32(8 + 8 * i, true);
    return (i) => dec.decode(new Uint8Array(buf, off(i), off(i + 1) - off(i)));
  };
  const parse = (data, full) => {
    try {
      if (typeof data === 'string') {
        const m = JSON.parse(data);
        return {channel: m.channel, header: m.header, parent: m.parent_header, content: m.content};
      }
      let buf = data;
      if (ArrayBuffer.isView(buf)) buf = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
      if (!(buf instanceof ArrayBuffer)) return null;
      const seg = segs(buf);
      if (seg) {
        const header = JSON.parse(seg(1));
        if (!full && header.msg_type !== 'status') return {channel: seg(0), header};
        return {channel: seg(0), header, parent: JSON.parse(seg(2)), content: JSON.parse(seg(4))};
      }
      // the legacy binary form: uint32 count, uint32 offsets; the first part is the message JSON
      const dv = new DataView(buf);
      const nb = dv.getUint32(0, true);
      const start = dv.getUint32(4, true);
      const end = nb > 1 ? dv.getUint32(8, true) : buf.byteLength;
      const m = JSON.parse(dec.decode(new Uint8Array(buf, start, end - start)));
      return {channel: m.channel, header: m.header, parent: m.parent_header, content: m.content};
    } catch (e) { return null; }
  };
  const onMessage = (ev) => {
    const m = parse(ev.data, false);
    if (!m) { kw.unparsed += 1; return; }
    if (m.header && m.header.msg_type === 'status' && m.content && m.content.execution_state === 'idle'
        && m.parent && kw.pending.delete(m.parent.msg_id)) kw.answered += 1;
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try {            // the watch never stops a message
      if (!this.__kw) { this.__kw = true; this.addEventListener('message', onMessage); }
      const m = parse(data, true);
      if (m && m.channel === 'shell' && m.header && m.header.msg_id) {
        kw.sent += 1;
        kw.pending.add(m.header.msg_id);
        // the last requests, for the report of a failed test: time, type, widget, what it said
        kw.log.push([Math.round(performance.now()), m.header.msg_type, String(m.content && m.content.comm_id).slice(0, 8),
                     String(JSON.stringify(m.content && m.content.data)).slice(0, 160)]);
        if (kw.log.length > 100) kw.log.shift();
      }
      else if (!m) kw.unparsed += 1;
    } catch (e) { kw.unparsed += 1; }
    return send.call(this, data);
  };
})();"""


def watch_kernel(page) -> None:
    """From the page's next navigation on, count its kernel requests and their answers
    (KERNEL_WATCH_JS); see kernel_sent and wait_kernel_answered."""
    if not getattr(page, "kernel_watched", False):
        page.add_init_script(KERNEL_WATCH_JS)
        page.kernel_watched = True


def kernel_sent(page) -> int:
    """How many requests the page has sent to its kernel so far (-1: not watched)."""
    return page.evaluate("() => window.__kw ? window.__kw.sent : -1")


def kernel_report(page) -> str:
    """The page's last kernel requests (time in ms, type, widget, content), one a line."""
    try:
        rows = page.evaluate("() => window.__kw ? [window.__kw.sent, window.__kw.answered, window.__kw.pending.size,"
                             " window.__kw.log] : null")
    except Exception as exc:  # noqa: BLE001 - a closed page
        return f"(no report: {exc})"
    if rows is None:
        return "(the page's kernel requests are not watched)"
    sent, answered, pending, log = rows
    return "\n".join([f"sent {sent}, answered {answered}, pending {pending}; the last requests:"]
                     + [" ".join(map(str, r)) for r in log[-40:]])


def wait_kernel_answered(page, sent_before: int, timeout: float = 30_000, what: str = "") -> None:
    """Wait until the page has sent its kernel a request more than `sent_before` (the click just
    made has reached the kernel) and the kernel has answered every request sent (it has done
    what they asked and sent the page the widget updates that follow). A click's own request is
    sent before Playwright's click returns; the pointer moving onto the element may send one
    too (the hover of the apps' buttons), so a click that sent nothing is seen only in
    kernel_report, not here."""
    try:
        page.wait_for_function("n => window.__kw && window.__kw.sent > n && window.__kw.pending.size === 0",
                               arg=sent_before, polling="raf", timeout=timeout)
    except Exception as exc:  # playwright's TimeoutError: say what was sent and answered
        state = page.evaluate("() => window.__kw ? [window.__kw.sent, window.__kw.answered, window.__kw.pending.size]"
                              " : null")
        raise AssertionError(f"{what or 'a click'}: the kernel did not answer in {timeout / 1000:.0f} s "
                             f"(requests sent before the click {sent_before}; sent, answered, pending now "
                             f"{state}): {exc}") from None


def app_url(base_url: str, notebook_name: str, lang: str | None = None) -> str:
    name = notebook_name if notebook_name.endswith(".ipynb") else notebook_name + ".ipynb"
    url = f"{base_url.rstrip('/')}/voila/render/{quote(name)}"
    if lang:
        url += "?" + urlencode({"lang": lang})
    return url


def voila_log_tail(lines: int = 30, path: Path = VOILA_LOG) -> str:
    """The last lines of Voilà's log (test-artifacts/voila.log), without terminal colours."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return "(no Voilà log)"
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    return "\n".join(line[:500] for line in text.splitlines()[-lines:])


def open_app(page, base_url: str, notebook_name: str, lang: str | None = None,
             timeout: float = 120_000, settle_ms: int = 300):
    """Open `notebook_name` (with or without .ipynb) as a Voilà app and wait until the kernel
    has run the notebook and all widgets are rendered. `lang="en"` appends `?lang=en`
    (the kernel sees it in os.environ["QUERY_STRING"]). Returns the page."""
    return open_url(page, app_url(base_url, notebook_name, lang), timeout, settle_ms)


def open_url(page, url: str, timeout: float = 120_000, settle_ms: int = 300):
    """Open a full Voilà page address (with its own query, e.g. ``?pos=…``) and wait as
    `open_app` does. Returns the page."""
    # "commit", not "load": Voilà streams the page while it executes the notebook.
    page.goto(url, wait_until="commit", timeout=timeout)
    try:
        page.wait_for_function(_READY_JS, timeout=timeout, polling=100)
    except Exception as exc:  # playwright TimeoutError; report what the page showed
        try:
            shown = page.evaluate("() => document.body ? document.body.innerText.slice(0, 2000) : ''")
        except Exception:  # noqa: BLE001
            shown = "(page unavailable)"
        raise AssertionError(
            f"{url} was not ready after {timeout / 1000:.0f} s: {exc}\n"
            f"--- page text ---\n{shown}\n--- voila log ---\n{voila_log_tail()}"
        ) from None
    # Let callbacks such as ipycanvas' on_client_ready draw, then check again.
    page.wait_for_timeout(settle_ms)
    page.wait_for_function(_READY_JS, timeout=timeout, polling=100)
    return page


def error_report(page, allow: Iterable[str] = ()) -> list[str]:
    """Everything on the page that looks like an error, as a list of messages (empty: clean).
    `allow` holds regular expressions for text that a page may show on purpose."""
    allow = list(allow)

    def allowed(text: str) -> str:
        for pattern in allow:
            text = re.sub(pattern, "", text)
        return text

    problems: list[str] = []
    body = page.inner_text("body")
    for el in page.query_selector_all(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
    ):
        raw = el.inner_text()
        body = body.replace(raw, "")  # reported here, not again by the text patterns
        text = allowed(raw).strip()
        if text:
            problems.append(f"stderr/error output:\n{text[:3000]}")
    broken = page.query_selector_all(".jupyter-widgets-error-widget")
    if broken:
        problems.append(f"{len(broken)} widget(s) could not be displayed "
                        "(ipywidgets error widget: 'Click to show javascript error.')")
    body = allowed(body)
    for pattern in ERROR_PATTERNS:
        for match in re.finditer(pattern, body):
            start = max(0, match.start() - 200)
            problems.append(f"page text matches {pattern!r}: ...{body[start:match.end() + 300]}...")
            break
    problems += [allowed(e) for e in getattr(page, "js_errors", []) if allowed(e).strip()]
    return problems


def assert_no_errors(page, allow: Iterable[str] = ()) -> None:
    """Fail the test if the page shows error output, a traceback, a widget that could not be
    displayed, or if the browser reported a JavaScript error."""
    problems = error_report(page, allow)
    if problems:
        raise AssertionError(
            f"{page.url} shows errors:\n\n" + "\n\n".join(problems)
            + f"\n\n--- voila log ---\n{voila_log_tail()}"
        )


_CONTENT_HEIGHT_JS = """() => {
  const scroller = document.querySelector('#rendered_cells');
  return Math.max(scroller ? scroller.scrollHeight : 0, document.documentElement.scrollHeight);
}"""


def save_screenshot(page, name: str, full_page: bool = True, max_height: int = 12_000) -> Path:
    """Save a PNG of the page as test-artifacts/<name>.png and return its path.

    Voilà's page does not scroll itself (its `#rendered_cells` panel does), so Playwright's
    own full_page would stop at the viewport: for a full page the viewport is made as tall as
    the content (at most `max_height`) for the shot, then restored."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{name}.png"
    viewport = page.viewport_size
    height = page.evaluate(_CONTENT_HEIGHT_JS) if full_page and viewport else 0
    if viewport and height > viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": min(height, max_height)})
        try:
            page.wait_for_timeout(200)
            page.screenshot(path=str(path), full_page=True)
        finally:
            page.set_viewport_size(viewport)
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path


SIZES = ((1280, 800), (1024, 768))


def screenshots_at_sizes(page, name: str, locator=None, settle_ms: int = 400) -> None:
    """test-artifacts/<name>_<w>x<h>.png at 1280x800 and 1024x768, what a student sees in the
    first viewport (scrolled to `locator` when given); the viewport is then 1280x900 again."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(settle_ms)
        if locator is not None:
            locator.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
        save_screenshot(page, f"{name}_{w}x{h}", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})


def notebook_names() -> list[str]:
    """Names (without .ipynb) of every notebooks/*.ipynb, sorted."""
    return sorted(p.stem for p in NOTEBOOKS_DIR.glob("*.ipynb"))


def centre(scene, tag: str) -> tuple[float, float]:
    """The centre of the topmost shape with hit tag `tag` (the one `Scene.hit_at` finds)."""
    for layer in ("highlight", "cards", "static"):
        for s in reversed(scene.shapes):
            if s.layer == layer and getattr(s, "hit", None) == tag and hasattr(s, "w"):
                x, y = s.x + s.w / 2, s.y + s.h / 2
                assert scene.hit_at(x, y) == tag, (tag, scene.hit_at(x, y))
                return x, y
    raise AssertionError(f"no shape with hit tag {tag!r}")
