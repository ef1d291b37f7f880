"""App speed in a real browser (Voilà + Debian's Chromium + Playwright): prints `NAME: VALUE UNIT`.

app_time_to_interactive_s    lesson 5 (a board app) from navigation to every widget rendered, median of 3
bare_time_to_interactive_s   a bare Voilà notebook with one button, the same measure
click_to_redraw_ms           median time from a mouse press on a board cell to the last drawing
                             call of the board's redraw (a probe on CanvasRenderingContext2D), clicks
                             on 24 cells of lesson 5's board

Voilà is the class server as `make app` runs it (widgets/server.py), serving the project folder.

Skips (prints a line saying why) when Chromium or Voilà is missing.
"""
import os
import pathlib
import shutil
import socket
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))


LESSON = os.environ.get("BENCH_APP_LESSON", "05_strike_and_defenders")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Every drawing call on any 2D canvas context stamps window.__lastDraw: ipycanvas draws the
# board's batch of commands when the kernel's answer to a click arrives.
DRAW_PROBE = """(() => {
  window.__lastDraw = 0;
  const P = CanvasRenderingContext2D.prototype;
  for (const name of ['fillRect', 'strokeRect', 'clearRect', 'fillText', 'strokeText', 'fill',
                      'stroke', 'drawImage', 'putImageData']) {
    const orig = P[name];
    P[name] = function (...args) { window.__lastDraw = performance.now(); return orig.apply(this, args); };
  }
})();"""


def main() -> int:
    if not pathlib.Path("/usr/bin/chromium").exists() or shutil.which("voila", path=str(pathlib.Path(sys.executable).parent)) is None:
        print("app_benchmark_skipped: 1 (no /usr/bin/chromium or voila)")
        return 0
    from playwright.sync_api import sync_playwright
    from voila_app import CHROMIUM_ARGS, _READY_JS, block_remote, start_server

    # The class server as `make app` runs it, serving the whole project (benchmarks/ too).
    server = start_server(free_port(), ["--start_page=notebooks/00_start_here.ipynb", "--Voila.log_level=WARN"],
                          log_path=ROOT / "benchmarks" / ".voila-bench.log", root=ROOT)
    try:
        base = f"{server.url}/voila/render"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)

            def time_to_interactive(path: str) -> float:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.route("**/*", block_remote)
                t = time.perf_counter()
                page.goto(f"{base}/{path}")
                page.wait_for_function(_READY_JS, timeout=120_000, polling=50)
                page.wait_for_selector("canvas, .jupyter-button", timeout=60_000)
                elapsed = time.perf_counter() - t
                page.close(run_before_unload=True)
                return elapsed

            time_to_interactive("benchmarks/bare_button.ipynb")           # warm the server
            lesson = statistics.median(time_to_interactive(f"notebooks/{LESSON}.ipynb") for _ in range(3))
            bare = statistics.median(time_to_interactive("benchmarks/bare_button.ipynb") for _ in range(3))
            print(f"app_time_to_interactive_s: {lesson:.2f} s")
            print(f"bare_time_to_interactive_s: {bare:.2f} s")
            print(f"click_to_redraw_ms: {click_to_redraw(browser, base, block_remote, _READY_JS)} ms")
            browser.close()
    finally:
        server.stop()
    return 0


def click_to_redraw(browser, base: str, block_remote, ready_js: str) -> str:
    """Median time from a mouse press on a board cell to the last drawing call of the board's
    redraw, over clicks on every cell (a click that redraws nothing in 3 s is not counted)."""
    from berserk_kernel.berserk import position
    from berserk_kernel.berserk.scene import board_scene

    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.add_init_script(DRAW_PROBE)
    page.route("**/*", block_remote)
    page.goto(f"{base}/notebooks/{LESSON}.ipynb")
    page.wait_for_function(ready_js, timeout=120_000, polling=50)
    page.wait_for_selector("canvas", timeout=60_000)
    time.sleep(1)
    scene = board_scene(position())
    cells = [s for s in scene.shapes if str(getattr(s, "hit", "")).startswith("cell:") and hasattr(s, "w")]
    canvas = page.locator("canvas").last               # ipycanvas' top layer takes the clicks
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    times = []
    for cell in cells[:24]:
        x = box["x"] + (cell.x + cell.w / 2) * box["width"] / scene.width
        y = box["y"] + (cell.y + cell.h / 2) * box["height"] / scene.height
        page.evaluate("() => { window.__t0 = null; document.addEventListener('mousedown', "
                      "() => { window.__t0 = performance.now(); }, {capture: true, once: true}); }")
        page.mouse.click(x, y)
        took = page.evaluate("""() => new Promise(resolve => {
            const start = performance.now();
            const tick = () => {
              const now = performance.now(), last = window.__lastDraw, t0 = window.__t0;
              if (t0 !== null && last > t0 && now - last > 250) return resolve(last - t0);
              if (now - start > 3000) return resolve(-1);
              setTimeout(tick, 20);
            };
            tick();
        })""")
        if took >= 0:
            times.append(took)
    page.close(run_before_unload=True)
    return f"{statistics.median(times):.0f}" if times else "nan"


if __name__ == "__main__":
    raise SystemExit(main())
