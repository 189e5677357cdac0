"""Start-up benchmark: the app's time-to-ready against a bare Pyodide page, in one Chromium.

It alternates a bare page (bench/bare.html: ``loadPyodide`` from static/vendor and one line of
Python) with the app, each in a fresh browser context, N times, and prints the median
time-to-ready of each and the ratio app / bare. Time-to-ready is ``performance.now()`` when the
page sets ``data-ready`` on <html>, so it counts from the navigation's start. Run it with
``./serve.sh bench startup [--runs N] [--screenshot FILE]``. It is a benchmark, not a test.
"""

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import devserver  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402
from machine import cpu_name  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def time_to_ready(browser, url):
    """Milliseconds from navigation start to ``data-ready`` in a fresh context."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    ms = float(page.evaluate("document.documentElement.dataset.readyMs"))
    main_ms = page.evaluate("document.documentElement.dataset.mainMs")
    context.close()
    return ms, (ms - float(main_ms)) if main_ms else None


def main():
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="loads of each page (default 15)")
    parser.add_argument("--screenshot", help="also save a screenshot of the app to this PNG")
    args = parser.parse_args()
    server, url = devserver.serve_in_thread(ROOT)
    bare, app, own = [], [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        time_to_ready(browser, url)  # warm the OS file cache once, uncounted
        for _ in range(args.runs):
            bare.append(time_to_ready(browser, url + "bench/bare.html")[0])
            ready, own_start = time_to_ready(browser, url)
            app.append(ready)
            own.append(own_start)
        if args.screenshot:
            context = browser.new_context(viewport={"width": 1200, "height": 800})
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("document.documentElement.dataset.ready === '1'")
            page.screenshot(path=args.screenshot)
            context.close()
        version = browser.version
        browser.close()
    server.shutdown()
    bare_ms, app_ms = statistics.median(bare), statistics.median(app)
    print(f"machine: {cpu_name()}, {len(__import__('os').sched_getaffinity(0))} cores; Chromium {version}")
    print(f"runs: {args.runs} of each, alternating, fresh context each")
    print(f"bare Pyodide  median time-to-ready: {bare_ms:7.0f} ms  (min {min(bare):.0f}, max {max(bare):.0f})")
    print(f"Flankwise app median time-to-ready: {app_ms:7.0f} ms  (min {min(app):.0f}, max {max(app):.0f})")
    print(f"of which the app's own Python (main.py to ready): median {statistics.median(own):.0f} ms")
    print(f"ratio app / bare: {app_ms / bare_ms:.3f}  (goal <= 1.10)")


if __name__ == "__main__":
    main()
