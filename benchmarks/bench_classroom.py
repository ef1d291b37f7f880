"""A class opening one lesson at once against one class server (widgets/server.py, as `make app`).

classroom_30_tti_p50_s / _p90_s / _max_s
        30 sessions of lesson 1 started at once against `make app`'s server, without browsers:
        GET the page (Voilà answers when the notebook has run), open the kernel's websocket,
        get the kernel_info reply: the server's whole share of the time to interactive. The
        browser's own work (~1.5 s here for one page) happens on each student's machine.
classroom_30_preheat_tti_p50_s / _p90_s / _max_s
        the same with a pool of 30 preheated kernels for the lesson (`--preheat`), filled
        before the class arrives
kernel_rss_mb       resident memory of one session's kernel (median, after the run)
server_rss_mb       the server process itself
classroom_30_browser_tti_p50_s / _p90_s   only with CLASSROOM_BROWSER=1: 30 pages in one
        headless Chromium (30 contexts) on this same machine, all navigated at once, until each
        page is ready (voila_app's _READY_JS) and its board's canvas is there. On 2 cores the 30
        browsers compete with the 30 kernels, which a real class does not; under other load it
        can take many minutes.

Options (environment): CLASSROOM_SESSIONS (30), CLASSROOM_LESSON (01_field_and_zones),
CLASSROOM_PREHEAT=N (pool size of the preheat run, default = sessions), CLASSROOM_BROWSER=1,
CLASSROOM_COLD=0 (skip the run without a pool). The servers' logs: test-artifacts/voila-classroom_*.log.
"""
from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

SESSIONS = int(os.environ.get("CLASSROOM_SESSIONS", "30"))
LESSON = os.environ.get("CLASSROOM_LESSON", "01_field_and_zones")
PREHEAT = int(os.environ.get("CLASSROOM_PREHEAT", "0"))
BROWSER = os.environ.get("CLASSROOM_BROWSER", "0") == "1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def one_http_session(url: str, base: str, out: list, start: threading.Event) -> None:
    import websocket

    start.wait()
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=600) as r:
            body = r.read().decode("utf-8", "replace")
        kernel_id = json.loads(body.split('"kernelId": ')[1].split(",")[0])
        ws = websocket.create_connection(
            base.replace("http", "ws") + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}",
            timeout=600)
        msg_id = uuid.uuid4().hex
        ws.send(json.dumps({"header": {"msg_id": msg_id, "username": "b", "session": "b",
                                       "msg_type": "kernel_info_request", "version": "5.3", "date": ""},
                            "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell",
                            "buffers": []}))
        while True:
            msg = json.loads(ws.recv())
            if msg["header"]["msg_type"] == "kernel_info_reply" and msg["parent_header"].get("msg_id") == msg_id:
                break
        out.append(time.perf_counter() - t0)
        ws.close()
    except Exception as exc:  # noqa: BLE001 - counted as a failed session
        out.append(float("nan"))
        print(f"# http session failed: {exc!r}", file=sys.stderr)


def http_class(base: str) -> list[float]:
    url = f"{base}/voila/render/{LESSON}.ipynb"
    out: list[float] = []
    start = threading.Event()
    threads = [threading.Thread(target=one_http_session, args=(url, base, out, start)) for _ in range(SESSIONS)]
    for t in threads:
        t.start()
    start.set()
    for t in threads:
        t.join()
    return out


async def browser_class(base: str) -> list[float]:
    from playwright.async_api import async_playwright
    from voila_app import _READY_JS, CHROMIUM_ARGS, is_local_url

    async def route(r):
        if is_local_url(r.request.url):
            await r.continue_()
        else:
            await r.abort()

    url = f"{base}/voila/render/{LESSON}.ipynb"
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        pages = []
        for _ in range(SESSIONS):
            ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
            await ctx.route("**/*", route)
            pages.append(await ctx.new_page())

        async def session(page) -> float:
            t0 = time.perf_counter()
            try:
                await page.goto(url, wait_until="commit", timeout=600_000)
                await page.wait_for_function(_READY_JS, timeout=600_000, polling=200)
                await page.wait_for_selector("canvas", timeout=600_000)
                return time.perf_counter() - t0
            except Exception as exc:  # noqa: BLE001
                print(f"# browser session failed: {exc!r}"[:300], file=sys.stderr)
                return float("nan")

        times = await asyncio.gather(*(session(pg) for pg in pages))
        for pg in pages:
            await pg.close(run_before_unload=True)
        await browser.close()
    return list(times)


def kernel_rss(server) -> list[float]:
    import psutil

    out = []
    for pid in server.kernel_pids():
        try:
            out.append(psutil.Process(pid).memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return out


def wait_pool(server, kernels: int, timeout: float) -> int:
    """Wait until `kernels` preheated kernels have run the lesson up to `wait_for_request` (each
    then holds a websocket to the server's /voila/query); return how many did."""
    import psutil

    port = int(server.url.rsplit(":", 1)[1])
    deadline = time.monotonic() + timeout
    ready = 0
    while time.monotonic() < deadline:
        ready = 0
        for pid in server.kernel_pids():
            try:
                conns = psutil.Process(pid).net_connections(kind="tcp")
            except psutil.Error:
                continue
            ready += any(c.raddr and c.raddr.port == port and c.status == psutil.CONN_ESTABLISHED
                         for c in conns)
        if ready >= kernels:
            break
        time.sleep(2)
    return ready


def report(name: str, times: list[float]) -> None:
    ok = [t for t in times if t == t]
    failed = len(times) - len(ok)
    if not ok:
        print(f"{name}_p50_s: nan s")
        print(f"{name}_p90_s: nan s")
        return
    print(f"{name}_p50_s: {statistics.median(ok):.1f} s")
    print(f"{name}_p90_s: {quantile(ok, 0.9):.1f} s")
    print(f"{name}_max_s: {max(ok):.1f} s")
    if failed:
        print(f"{name}_failed: {failed} sessions")


def run_class(tag: str, preheat: int, browser: bool) -> None:
    import psutil
    from voila_app import start_server

    # The cull timeout of `make app` (300 s): a page whose scripts have not connected yet by
    # then loses its kernel, which on an overloaded machine happens with shorter timeouts.
    args = [f"--max_kernels={2 * SESSIONS + preheat + 5}", "--cull_idle_timeout=300",
            "--Voila.log_level=WARN"]
    if preheat:
        args.append(f"--preheat={LESSON}.ipynb={preheat}")
    server = start_server(free_port(), args, log_path=ROOT / "test-artifacts" / f"voila-{tag}.log",
                          base_args=["--ip=127.0.0.1"])      # otherwise `make app`'s defaults
    try:
        if preheat:
            t0 = time.perf_counter()
            ready = wait_pool(server, preheat, 900)
            print(f"# pool: {ready} of {preheat} kernels ready in {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr)
        if browser:
            report(tag, asyncio.run(browser_class(server.url)))
        else:
            report(tag, http_class(server.url))
        if not preheat:
            rss = kernel_rss(server)
            print(f"kernel_rss_mb: {statistics.median(rss):.0f} MB")
            print(f"server_rss_mb: {psutil.Process(server.proc.pid).memory_info().rss / 2**20:.0f} MB")
    finally:
        server.stop()


def main() -> int:
    n = SESSIONS
    if os.environ.get("CLASSROOM_COLD", "1") != "0":
        run_class(f"classroom_{n}_tti", 0, False)
    run_class(f"classroom_{n}_preheat_tti", PREHEAT if PREHEAT else n, False)
    if BROWSER and Path("/usr/bin/chromium").exists():
        run_class(f"classroom_{n}_browser_tti", PREHEAT, True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
