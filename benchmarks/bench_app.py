"""App speed in a real browser (Voilà + Debian's Chromium + Playwright): prints `NAME: VALUE UNIT`.

app_time_to_interactive_s    lesson 5 (a board app) from navigation to every widget rendered, median of 3
bare_time_to_interactive_s   a bare Voilà notebook with one button, the same measure
click_to_redraw_ms           median time from a mouse press on the board canvas to the redrawn
                             board (the hint line under the board is written after the board's
                             drawing batch), 16 clicks

Skips (prints a line saying why) when Chromium or Voilà is missing.
"""
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    if not pathlib.Path("/usr/bin/chromium").exists() or shutil.which("voila", path=str(pathlib.Path(sys.executable).parent)) is None:
        print("app_benchmark_skipped: 1 (no /usr/bin/chromium or voila)")
        return 0
    from playwright.sync_api import sync_playwright
    from voila_app import CHROMIUM_ARGS, _READY_JS, block_remote

    port = free_port()
    log = open(ROOT / "benchmarks" / ".voila-bench.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(ROOT), "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1", "--strip_sources=True"], stdout=log, stderr=log, cwd=ROOT)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        base = f"http://127.0.0.1:{port}/voila/render"
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
                page.close()
                return elapsed

            time_to_interactive("benchmarks/bare_button.ipynb")           # warm the server
            lesson = statistics.median(time_to_interactive("notebooks/05_strike_and_defenders.ipynb") for _ in range(3))
            bare = statistics.median(time_to_interactive("benchmarks/bare_button.ipynb") for _ in range(3))
            print(f"app_time_to_interactive_s: {lesson:.2f} s")
            print(f"bare_time_to_interactive_s: {bare:.2f} s")

            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.route("**/*", block_remote)
            page.goto(f"{base}/notebooks/05_strike_and_defenders.ipynb")
            page.wait_for_function(_READY_JS, timeout=120_000, polling=50)
            page.wait_for_selector(".app-hint", timeout=60_000)
            page.wait_for_selector("canvas", timeout=60_000)
            time.sleep(1)
            from berserk_kernel.berserk import position
            from berserk_kernel.berserk.scene import board_scene
            scene = board_scene(position("A deep_stonecutter c2", "A nomad_khan b3"))
            card = next(s for s in scene.shapes if getattr(s, "hit", None) == "card:1")
            canvas = page.locator("canvas").first
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            x = box["x"] + (card.x + card.w / 2) * box["width"] / scene.width
            y = box["y"] + (card.y + card.h / 2) * box["height"] / scene.height
            times = []
            for _ in range(16):     # select, deselect, select...: every click redraws the board
                page.evaluate("""() => {
                    const hintText = () => document.querySelector('.app-hint').textContent;
                    const box = document.querySelector('.app-hint').parentElement.parentElement;
                    const before = hintText();
                    window.__t0 = null;
                    document.addEventListener('mousedown', () => { window.__t0 = performance.now(); },
                                              {capture: true, once: true});
                    window.__done = new Promise(resolve => {
                        const obs = new MutationObserver(() => {
                            if (hintText() !== before && window.__t0 !== null) {
                                obs.disconnect(); resolve(performance.now() - window.__t0);
                            }
                        });
                        obs.observe(box, {childList: true, subtree: true, characterData: true});
                        setTimeout(() => { obs.disconnect(); resolve(-1); }, 5000);
                    });
                }""")
                page.mouse.click(x, y)
                times.append(page.evaluate("() => window.__done"))
            ok = [t for t in times if t >= 0]
            if ok:
                print(f"click_to_redraw_ms: {statistics.median(ok):.0f} ms")
            else:
                print("click_to_redraw_ms: nan ms (no redraw seen)")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
