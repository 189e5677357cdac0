"""Frame benchmark: handling one pointer event through paint, while dragging on a busy board.

In Chromium it opens a board (60x60 with 40 tokens unless told) through a link, switches every overlay on
(arcs of all tokens, the selected token's zones beyond the ring, its reach and its movement
range), selects a token, pauses a second as a player would, then drives a drag-rotate (the handle swept round in circles) and a drag-move (a token
dragged across the board). The page records, per frame, the milliseconds spent in the Python
pointer handlers that asked for the frame plus painting it (``Board.timings``: idle time is not
counted). It prints the median and p95 of each drag. Goal: p95 <= 8 ms. Each pointer event
comes in an animation frame of its own; one that asks for no frame (most of a drag-rotate's:
the handle still points the same way) paints nothing, and is reported apart, and also added to
the next frame drawn, as this benchmark counted it before (``Canvas.quiet_timings``). Run it with
``./serve.sh bench frames``; ``--throttle N`` slows Chromium's CPU N times through the DevTools
protocol (``Emulation.setCPUThrottlingRate``: 4 is a mid-range phone), and ``--tokens N --side
N`` change the board (default 40 tokens on 60x60; the issue's large case is 200 on 100x100).
``--profile`` also splits each frame into phases, timed in Pyodide with ``time.perf_counter``
around the page's own functions (wrapped from here, through the page's Pyodide; the page's code
is not changed): the event handlers' rules and panels, the scene, and the painting. It is a
benchmark, not a test.
"""

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import devserver  # noqa: E402
from conftest import launch, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from rules.creature import Creature  # noqa: E402
from rules.encounter import Encounter  # noqa: E402
from rules.grid import Square, SquareGrid  # noqa: E402
from rules.link import encounter_hash  # noqa: E402
from rules.sizes import Size  # noqa: E402
from machine import cpu_name  # noqa: E402
from web.view import View  # noqa: E402

MOVES = 240

PHASES = (
    ("event", "web.gestures", "Gestures", "carry", "pointer handlers, all of them"),
    ("turn", "web.app", "Board", "turn", "Board.turn: a turn from its rule to the commit"),
    ("turn rules", "rules.facing", None, "turn_in_place", "rules.facing.turn_in_place"),
    ("move rules", "web.gestures", "Gestures", "plan", "the movement rules' plan of a drag"),
    ("encounter", "rules.encounter", "Encounter", "replace", "Encounter.replace: the turned creature's encounter"),
    ("commit", "web.app", "Board", "commit", "Board.commit: the new encounter on the board"),
    ("panels", "web.app", "Board", "refresh", "Board.refresh: the card, the form, the toolbar"),
    ("toolbar", "web.toolbar", "Toolbar", "render", "of which the toolbar"),
    ("warm", "web.canvas", "Canvas", "warm", "Canvas.warm: the idle drawing-ahead queued"),
    ("frame", "web.canvas", "Canvas", "draw", "Canvas.draw: all of the frame"),
    ("scene", "web.scene", None, "board_layers", "scene.board_layers: the board layer's operations"),
    ("others", "web.scene", None, "_background", "of which every other creature"),
    ("selected", "web.scene", None, "_foreground", "of which the selected creature"),
    ("path", "web.canvas", "Canvas", "path_ops", "the drag's path and label"),
    ("paint", "web.painter", None, "paint", "painter.paint: the calls into the canvases"),
    ("card", "web.hud", "Hud", "render", "the card (in the handlers, or after the paint)"),
    ("form", "web.token_panel", "TokenPanel", "render", "the token form (in the handlers, or after the paint)"),
)
"""The phases ``--profile`` times: ``(label, module, class or None, function, what it is)``."""

PROFILER = """
import time
from importlib import import_module

PROFILE = {"frames": [], "now": {}}


def _timed(owner, name, label):
    original = getattr(owner, name)

    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            now = PROFILE["now"]
            now[label] = now.get(label, 0.0) + (time.perf_counter() - started) * 1000

    setattr(owner, name, timed)


def install(phases):
    import js
    from pyodide.ffi import create_proxy

    for label, module, owner, name, _ in phases:
        target = import_module(module)
        _timed(getattr(target, owner) if owner else target, name, label)
    canvas = js.window.flankwise.canvas
    on_frame = canvas.on_frame

    def frame(*args):
        # Canvas.on_frame records a frame when events were handled since the last one.
        count = len(canvas.timings)
        on_frame(*args)
        if len(canvas.timings) > count:
            PROFILE["now"]["total"] = canvas.timings[-1]
            PROFILE["frames"].append(PROFILE["now"])
            PROFILE["now"] = {}

    canvas._on_frame = create_proxy(frame)


def take():
    frames, PROFILE["frames"], PROFILE["now"] = PROFILE["frames"], [], {}
    import json
    return json.dumps(frames)
"""


def busy_board(seed=7, tokens=40, side=60):
    """A ``side`` x ``side`` board with ``tokens`` Medium and Large tokens on both sides, facing
    every way (the hero at (10, 10))."""
    rng = random.Random(seed)
    grid = SquareGrid(side, side)
    creatures, taken = [Creature("Hero", Size.MEDIUM, Square(10, 10), facing=0)], {Square(10, 10)}
    while len(creatures) < tokens:
        size = Size.LARGE if len(creatures) % 5 == 0 else Size.MEDIUM
        creature = Creature(f"Foe {len(creatures)}", size, Square(rng.randrange(side - 1), rng.randrange(side - 1)),
                            facing=rng.randrange(8), side="foe" if len(creatures) % 3 else "friend")
        cells = set(creature.cells(grid))
        if not cells & taken and all(grid.contains(cell) for cell in cells):
            creatures.append(creature)
            taken |= cells
    return Encounter(grid, tuple(creatures))


def figures(timings):
    """(median, p95) of a list of milliseconds."""
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def run_python(page, code):
    """Run ``code`` in the page's Pyodide (the one its interpreter module started) and return
    the value of its last expression (a string or a number)."""
    return page.evaluate('''async (code) => {
        const early = await import(new URL("./static/pyodide-early.mjs", document.baseURI).href);
        const pyodide = await early.loadPyodide();
        return pyodide.runPython(code);
    }''', code)


def phase_table(frames):
    """Lines of the per-frame phases: each phase's median and p95 over the frames, and its mean."""
    lines = []
    for label, _, _, _, what in PHASES:
        values = sorted(frame.get(label, 0.0) for frame in frames)
        if not any(values):
            continue
        _, p95 = figures(values)
        lines.append(f"  {label:<11} median {statistics.median(values):5.2f} ms, p95 {p95:5.2f} ms, "
                     f"mean {statistics.fmean(values):5.2f} ms  ({what})")
    slowest = sorted(frames, key=lambda frame: frame.get("total", 0.0))[-3:]
    for frame in reversed(slowest):
        lines.append("  a slow frame: " + ", ".join(f"{label} {value:.1f}" for label, value in frame.items()))
    return lines


def main():
    """Drive both drags and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throttle", type=float, default=1, help="slow the CPU N times (4: a mid-range phone)")
    parser.add_argument("--tokens", type=int, default=40, help="tokens on the board")
    parser.add_argument("--side", type=int, default=60, help="the board's width and height in squares")
    parser.add_argument("--profile", action="store_true", help="split each frame into phases timed in Pyodide")
    args = parser.parse_args()
    if not 12 <= args.side <= 200 or not 1 <= args.tokens <= args.side * args.side // 8:
        parser.error("--side is 12 to 200 and --tokens at most one per 8 squares")
    encounter = busy_board(tokens=args.tokens, side=args.side)
    server, url = devserver.serve_in_thread(ROOT)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        page.goto(url + encounter_hash(encounter))
        wait_ready(page)
        page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=120_000)
        if args.throttle != 1:
            session = page.context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        if args.profile:
            run_python(page, PROFILER + f"\ninstall({PHASES!r})")
        page.get_by_role("tab", name="Map").click()
        page.check("input[name=arcs][value=all]")
        for box in ("#show-beyond", "#show-reach", "#show-bands"):
            page.check(box)
        page_view = page.evaluate("(() => { const r = document.getElementById('top-layer').getBoundingClientRect(); return [r.left, r.top]; })()")
        layout = View(View().pan_x + page_view[0], View().pan_y + page_view[1]).layout(encounter.grid)
        hero = layout.to_pixel(Square(10, 10))
        page.mouse.click(*hero)
        page.wait_for_timeout(1000)  # a player's pause between choosing a token and turning it
        page.evaluate("flankwise.timings.clear(); flankwise.canvas.quiet_timings.clear()")
        if args.profile:
            run_python(page, "take()")
        handle = page.evaluate("flankwise.handle_point_css()")
        page.mouse.move(*handle)
        page.mouse.down()
        for step in range(MOVES):
            angle = step * 2 * math.pi / 48
            page.mouse.move(hero[0] + 70 * math.sin(angle), hero[1] - 70 * math.cos(angle))
        page.mouse.up()
        rotate = list(page.evaluate("Array.from(flankwise.timings)"))
        quiet = {"drag-rotate": list(page.evaluate("Array.from(flankwise.canvas.quiet_timings)"))}
        phases = {"drag-rotate": json.loads(run_python(page, "take()")) if args.profile else []}
        page.evaluate("flankwise.timings.clear(); flankwise.canvas.quiet_timings.clear()")
        if args.profile:
            run_python(page, "take()")
        page.mouse.move(*hero)
        page.mouse.down()
        for step in range(MOVES):
            t = step / MOVES
            page.mouse.move(hero[0] + 240 * t + 30 * math.sin(t * 12), hero[1] + 160 * t)
        page.mouse.up()
        move = list(page.evaluate("Array.from(flankwise.timings)"))
        quiet["drag-move"] = list(page.evaluate("Array.from(flankwise.canvas.quiet_timings)"))
        phases["drag-move"] = json.loads(run_python(page, "take()")) if args.profile else []
        version = browser.version
        browser.close()
    server.shutdown()
    throttled = f", CPU throttled {args.throttle:g}x" if args.throttle != 1 else ""
    print(f"machine: {cpu_name()}; Chromium {version}; {args.side}x{args.side} board, {args.tokens} tokens, "
          f"every overlay on{throttled}")
    for label, timings in (("drag-rotate", rotate), ("drag-move", move)):
        median, p95 = figures(timings)
        print(f"{label}: {len(timings)} frames, median {median:.1f} ms, p95 {p95:.1f} ms (goal p95 <= 8 ms)")
        with_quiet = figures([each + before for each, before in zip(timings, quiet[label])])
        if with_quiet != (median, p95):
            print(f"  and the events that drew nothing before each frame added (as counted before): median "
                  f"{with_quiet[0]:.1f} ms, p95 {with_quiet[1]:.1f} ms")
        if phases[label]:
            print("\n".join(phase_table(phases[label])))


if __name__ == "__main__":
    main()
