"""Browser fixtures: the repo served on a free loopback port, Debian's Chromium under Playwright.

Playwright cannot download browsers here, so it drives ``/usr/bin/chromium`` by
``executable_path``. Every page records each request it makes and every console error, so tests
can assert the page talks only to the loopback server and logs no error.
"""

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import devserver  # noqa: E402  (tools/ is not a package; it is put on the path just above)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items):
    """Mark every test in this folder as a browser test."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server_url():
    """The repo root served on 127.0.0.1 at a free port."""
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        pytest.fail("static/vendor/ is missing: run the tests through ./serve.sh test")
    server, url = devserver.serve_in_thread(ROOT)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, started once (it cannot be started twice in one thread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


def launch(playwright, *extra_args):
    """Debian's Chromium, headless, with the flags the developers' guide names."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args])


@pytest.fixture(scope="module")
def browser(playwright):
    """A headless Debian Chromium for each test module (a fresh browser now and then keeps
    the renderer processes that earlier pages left behind from piling up)."""
    browser = launch(playwright)
    yield browser
    browser.close()


@dataclass
class PageRecord:
    """What a page did: every request URL and every console error or page error."""

    requests: list = field(default_factory=list)
    errors: list = field(default_factory=list)


DESKTOP = (1280, 800)
TABLET = (820, 1180)
PHONE = (390, 844)
"""The sizes the developers' guide checks every change at; tablet and phone with touch."""


def open_page(browser, url, viewport=(1200, 800), touch=False):
    """A fresh context and page recording requests and errors, navigated to ``url``, ready.
    With ``touch`` the page is a phone's or tablet's: touch events, a mobile viewport."""
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    record = PageRecord()
    page.on("request", lambda request: record.requests.append(request.url))
    page.on("console", lambda msg: msg.type == "error" and record.errors.append(msg.text))
    page.on("pageerror", lambda error: record.errors.append(str(error)))
    page.goto(url)
    wait_ready(page)
    return context, page, record


def wait_ready(page):
    """Wait for ``data-ready`` on <html>; fail with the on-page error if start-up failed."""
    page.wait_for_function(
        "document.documentElement.dataset.ready === '1' || document.documentElement.dataset.failed === '1'",
        timeout=READY_TIMEOUT_MS,
    )
    failed = page.evaluate("document.documentElement.dataset.failed")
    if failed:
        pytest.fail("the page failed to start: " + page.inner_text("#loading"))


@pytest.fixture
def opened(browser, server_url):
    """A function opening the page at a size (touch for a tablet or phone) and a link (a hash),
    once the table panels are up: ``(page, record)``. Every context it opens closes after."""
    contexts = []

    def open_at(size=DESKTOP, link=""):
        context, page, record = open_page(browser, server_url + link, size, touch=size != DESKTOP)
        contexts.append(context)
        page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        return page, record

    yield open_at
    for context in contexts:
        context.close()


@pytest.fixture
def app(browser, server_url):
    """The app at the server root, ready, with its request and error record."""
    context, page, record = open_page(browser, server_url)
    yield page, record
    context.close()


def next_frame(page):
    """Wait until the page has drawn a frame after the last change."""
    page.evaluate("new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)))")


def board_offset(page):
    """Where the board's canvas starts in the window (the toolbar is above it), CSS pixels."""
    return tuple(page.evaluate("(() => { const r = document.getElementById('top-layer').getBoundingClientRect();"
                               " return [r.left, r.top]; })()"))


def page_layout(page, grid=None):
    """The page's layout now in the window's CSS pixels (its view, offset by where the board
    starts), so a point from it can be clicked; ``grid`` defaults to the page's board kind
    read from the page."""
    from web.view import View

    if grid is None:
        from rules.link import parse_encounter_hash

        grid = parse_encounter_hash(page.evaluate("flankwise.link()")).grid
    pan_x, pan_y, zoom = page.evaluate("[flankwise.view.pan_x, flankwise.view.pan_y, flankwise.view.zoom]")
    left, top = board_offset(page)
    return View(pan_x + left, pan_y + top, zoom).layout(grid)


def layer_rgba(page, layer, x, y):
    """The RGBA of canvas ``layer`` (an element id) at the window's CSS point ``x``, ``y``
    (pixel ratio 1)."""
    left, top = board_offset(page)
    return tuple(
        page.evaluate(
            "([id, x, y]) => Array.from(document.getElementById(id).getContext('2d').getImageData(x, y, 1, 1).data)",
            [layer, round(x - left), round(y - top)],
        )
    )


def rgb(colour):
    """``"#rrggbb"`` as an (r, g, b) triple."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def notices(page, errors_only=False):
    """The texts of the notices over the board (only the errors with ``errors_only``), oldest
    first."""
    selector = "#notices .notice.error p" if errors_only else "#notices .notice p"
    return page.eval_on_selector_all(selector, "nodes => nodes.map(node => node.textContent)")


def inside_viewport(page, selector):
    """Whether every element matching ``selector`` is wholly inside the window, unscrolled."""
    boxes = page.eval_on_selector_all(
        selector, "nodes => nodes.map(node => { const r = node.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight, scrollX, scrollY]; })"
    )
    assert boxes, f"nothing matches {selector}"
    return all(
        left >= 0 and top >= 0 and right <= width and bottom <= height and scroll_x == 0 and scroll_y == 0
        for left, top, right, bottom, width, height, scroll_x, scroll_y in boxes
    )


def touch_drag(page, start, end, steps=8):
    """Drag one finger from ``start`` to ``end`` (CSS pixels) through the DevTools protocol, as
    a phone sends it."""
    session = page.context.new_cdp_session(page)

    def send(kind, point):
        points = [] if kind == "touchEnd" else [{"x": point[0], "y": point[1], "id": 1}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", start)
    for step in range(1, steps + 1):
        send("touchMove", (start[0] + (end[0] - start[0]) * step / steps, start[1] + (end[1] - start[1]) * step / steps))
    send("touchEnd", end)
    session.detach()


def show_tab(page, name):
    """Open the drawer's tab called ``name`` (Token, Attack, Round, Map, Encounter, Rules)."""
    page.get_by_role("tab", name=name).click()
