"""First and repeat visits of the published site: bytes transferred and time-to-ready.

It builds the site (tools/build.py) into a temporary folder and serves it on a loopback port
with the cache headers GitHub Pages sends (``max-age=600``). In one browser context it loads
the page twice: the first visit (nothing cached; the service worker installs and caches the
site) and a repeat visit (a new tab in the same context, as when the player opens the page
again). The first visit stays open until the app has saved its start-up image (a Pyodide
memory snapshot, static/snapshot-worker.mjs), as it would while a player uses it. It reports
the bytes the first visit transferred (the network's encoded lengths, the service worker's own
fetches included) and each visit's time-to-ready, with the same two figures for the bare
Pyodide page (bench/bare.html) beside them. Goal: repeat visit <= 1.0 s.
Run it with ``./serve.sh bench visits [--runs N]``. It is a benchmark, not a test.
"""

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
import devserver  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402
from machine import cpu_name  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


class PagesHandler(devserver.Handler):
    """The dev server's handler with GitHub Pages' caching header instead of no-cache."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super(devserver.Handler, self).end_headers()


def serve(folder):
    """Serve ``folder`` as Pages would, on a free loopback port: (server, URL)."""
    import functools
    import threading

    handler = functools.partial(PagesHandler, directory=str(folder), prefix="/", quiet=True)
    server = devserver.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def visit(context, url, count_bytes=False):
    """Open ``url`` in a new tab of ``context``: (ms to ready, bytes transferred, (start image
    state, [ms to Pyodide, ms to the app's main.py, ms to ready]))."""
    page = context.new_page()
    transferred = []
    if count_bytes:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.loadingFinished", lambda event: transferred.append(event["encodedDataLength"]))
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    phases = page.evaluate("['pyodideMs', 'mainMs', 'readyMs'].map(key => +document.documentElement.dataset[key] || 0)")
    ms = phases[-1]
    if count_bytes:
        page.evaluate(
            "navigator.serviceWorker.getRegistration()"
            ".then(found => found ? navigator.serviceWorker.ready.then(() => true) : false)"
        )
        page.wait_for_timeout(2000)  # let a service worker finish caching the site
        if page.evaluate("!!document.querySelector('meta[name=flankwise-build]')"):
            page.wait_for_function(
                "['saved', 'unsaved'].includes(document.documentElement.dataset.startImage)", timeout=60_000
            )
    image = page.evaluate("document.documentElement.dataset.startImage || ''")
    page.close()
    return ms, sum(transferred), (image, phases)


def main():
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh contexts per page (default 5)")
    runs = parser.parse_args().runs
    folder = Path(tempfile.mkdtemp()) / "_site"
    build.build(folder)
    shutil.copytree(ROOT / "bench", folder / "bench", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    # The bare page is stock Pyodide: it loads the whole standard library and the plain
    # WebAssembly, which the site leaves out (it publishes the WebAssembly gzipped).
    shutil.copy2(ROOT / build.FULL_STANDARD_LIBRARY, folder / build.FULL_STANDARD_LIBRARY)
    shutil.copy2(ROOT / build.WASM, folder / build.WASM)
    server, url = serve(folder)
    figures = {"app": ([], [], []), "bare": ([], [], [])}
    images = []
    phases = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for _ in range(runs):
            for label, page_url in (("bare", url + "bench/bare.html"), ("app", url)):
                context = browser.new_context(viewport={"width": 1200, "height": 800})
                first, sent, saved = visit(context, page_url, count_bytes=True)
                repeat, _, restored = visit(context, page_url)
                context.close()
                for bucket, value in zip(figures[label], (first, repeat, sent)):
                    bucket.append(value)
                if label == "app":
                    images.append((saved[0], restored[0]))
                    phases.append(restored[1])
        version = browser.version
        browser.close()
    server.shutdown()
    shutil.rmtree(folder.parent)
    print(f"machine: {cpu_name()}; Chromium {version}; the built site, served with max-age=600; {runs} runs")
    for label, name in (("bare", "bare Pyodide (bench/bare.html)"), ("app", "Flankwise (_site)")):
        first, repeat, sent = figures[label]
        print(f"{name}: first visit {statistics.median(first):.0f} ms, {statistics.median(sent) / 1e6:.1f} MB "
              f"transferred; repeat visit {statistics.median(repeat):.0f} ms")
    restored = sum(1 for saved, back in images if saved == "saved" and back == "restored")
    print(f"the app's start-up image: saved and restored in {restored} of {len(images)} runs")
    python, main, ready = (statistics.median(column) for column in zip(*phases))
    print(f"the app's repeat visit, medians: Python restored at {python:.0f} ms, the app's main.py "
          f"began at {main:.0f} ms (PyScript's own start between), ready at {ready:.0f} ms")
    repeats = figures["app"][1]
    print(f"the app's repeat visits ranged {min(repeats):.0f}-{max(repeats):.0f} ms")
    print("goal: the app's repeat visit <= 1000 ms")


if __name__ == "__main__":
    main()
