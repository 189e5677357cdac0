"""The walking skeleton in a real browser: start, draw, switch grids, pan, zoom, stay offline.

Pixel checks read the grid layer's own pixels at points computed from the same ``View`` and
``Layout`` the page uses, so they test what is drawn where the rules say a cell is.
"""

import pytest

from conftest import ROOT, board_offset, devserver, launch, layer_rgba, next_frame, open_page, page_layout, rgb, wait_ready
from rules.grid import Hex, HexGrid, Square, SquareGrid
from web.state import BOARD_SIZE
from web.scene import BACKGROUND, LINE
from web.view import View


def grid_rgb(page, x, y):
    """The RGB of the grid layer at a CSS point."""
    return layer_rgba(page, "grid-layer", x, y)[:3]


def near_line(page, x, y):
    """Whether a grid line passes through the 3x3 device pixels around ``x``, ``y``.

    Hex edges are slanted, so their pixels are antialiased: the darkest pixel of the block is
    compared with the line colour, with a tolerance for the blend.
    """
    left, top = board_offset(page)
    x, y = x - left, y - top
    block = page.evaluate(
        "([x, y]) => Array.from(document.getElementById('grid-layer')"
        ".getContext('2d').getImageData(x - 1, y - 1, 3, 3).data)",
        [round(x), round(y)],
    )
    pixels = [tuple(block[i : i + 3]) for i in range(0, len(block), 4)]
    darkest = min(pixels, key=sum)
    return max(abs(a - b) for a, b in zip(darkest, rgb(LINE))) <= 40


def test_page_reaches_ready_without_console_errors(app):
    """The page sets data-ready once Python is up and the first frame is drawn, with no error."""
    page, record = app
    assert page.evaluate("document.documentElement.dataset.ready") == "1"
    assert page.is_hidden("#loading")
    assert record.errors == []


def test_square_grid_lines_are_drawn_at_known_cells(app):
    """Cell centres show the board colour; the edges between cells show the grid-line colour."""
    page, _ = app
    layout = page_layout(page, SquareGrid(*BOARD_SIZE))
    for cell in (Square(0, 0), Square(3, 2), Square(10, 7)):
        cx, cy = layout.to_pixel(cell)
        half = layout.cell_size / 2
        assert grid_rgb(page, cx, cy) == rgb(BACKGROUND)
        assert grid_rgb(page, cx + half, cy) == rgb(LINE)
        assert grid_rgb(page, cx, cy - half) == rgb(LINE)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_switching_to_hexes_draws_hexes(app, orientation):
    """After choosing hexes, hex centres are board colour and hex edge midpoints are lines."""
    page, _ = app
    page.get_by_role("tab", name="Map").click()
    page.check(f"#grid-kind input[value='hex-{orientation}']")
    next_frame(page)
    grid = HexGrid(*BOARD_SIZE, orientation)
    layout = page_layout(page, grid)
    checked = 0
    for cell in (Hex(2, 2), Hex(4, 3), Hex(6, 1)):
        assert grid.contains(cell)
        cx, cy = layout.to_pixel(cell)
        corners = layout.corners(cell)
        (ax, ay), (bx, by) = corners[0], corners[1]
        assert grid_rgb(page, cx, cy) == rgb(BACKGROUND)
        assert near_line(page, (ax + bx) / 2, (ay + by) / 2)
        assert not near_line(page, (cx + ax) / 2, (cy + ay) / 2)
        checked += 1
    assert checked == 3


def test_drag_on_empty_board_pans_and_wheel_zooms(app):
    """A drag moves the grid with the pointer; the wheel zooms about the cursor."""
    page, _ = app
    layout = page_layout(page, SquareGrid(*BOARD_SIZE))
    cx, cy = layout.to_pixel(Square(5, 5))
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 20, cy + 20, steps=4)
    page.mouse.up()
    next_frame(page)
    view = page.evaluate("[flankwise.view.pan_x, flankwise.view.pan_y, flankwise.view.zoom]")
    assert view == [View().pan_x + 20, View().pan_y + 20, 1.0]
    moved = page_layout(page, SquareGrid(*BOARD_SIZE))
    mx, my = moved.to_pixel(Square(5, 5))
    assert grid_rgb(page, mx + moved.cell_size / 2, my) == rgb(LINE)
    page.mouse.wheel(0, -300)
    next_frame(page)
    assert page.evaluate("flankwise.view.zoom") > 1.2


def test_no_request_leaves_the_loopback_server(app, server_url):
    """Everything the page loads comes from its own server: no CDN, no other host."""
    page, record = app
    assert record.requests, "no request was recorded"
    assert [url for url in record.requests if not url.startswith(server_url)] == []


def test_page_works_under_a_sub_path(browser):
    """Served under /flankwise/ (a GitHub Pages project site), the page starts and draws."""
    server, url = devserver.serve_in_thread(ROOT, prefix="/flankwise/")
    try:
        context, page, record = open_page(browser, url)
        layout = page_layout(page, SquareGrid(*BOARD_SIZE))
        cx, cy = layout.to_pixel(Square(1, 1))
        assert grid_rgb(page, cx + layout.cell_size / 2, cy) == rgb(LINE)
        assert [u for u in record.requests if not u.startswith(url)] == []
        assert record.errors == []
        context.close()
    finally:
        server.shutdown()


def test_a_start_up_failure_is_shown_on_the_page(browser, server_url):
    """If Python fails while starting, the error is on the page, not only in the console."""
    context = browser.new_context()
    page = context.new_page()
    page.route(
        "**/py/web/main.py",
        lambda route: route.fulfill(body="raise RuntimeError('deliberate start-up failure')"),
    )
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.failed === '1'", timeout=60_000)
    assert "deliberate start-up failure" in page.inner_text("#loading")
    assert page.is_visible("#loading-error")
    context.close()


# Chromium's sampling heap profiler, forced on in every renderer with a small sampling interval.
# Chrome switches it on for a share of real sessions; with Pyodide on WebAssembly stack switching
# it crashed the renderer in 7 of 8 starts (see static/pyodide-early.mjs).
HEAP_PROFILER_ON = (
    "--enable-features=HeapProfilerReporting:stable-probability/1.0/nonstable-probability/1.0"
    "/renderer-prob-pct/100/renderer-sampling-rate-bytes/100000"
)


def test_the_page_survives_chromiums_sampling_heap_profiler(playwright, server_url):
    """Three starts and a few gestures under the heap profiler, and no renderer crash."""
    browser = launch(playwright, HEAP_PROFILER_ON)
    crashes = []
    try:
        for _ in range(3):
            context = browser.new_context(viewport={"width": 1200, "height": 800})
            page = context.new_page()
            page.on("crash", lambda page: crashes.append(page.url))
            page.goto(server_url)
            wait_ready(page)
            page.mouse.click(300, 300)
            page.keyboard.press("e")
            next_frame(page)
            context.close()
    finally:
        browser.close()
    assert crashes == []
