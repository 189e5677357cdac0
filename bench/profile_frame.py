"""Frame profile under CPython: the work of a drag frame, with a fake page that counts the calls
that would cross into JavaScript.

It builds the page's board (``web.app``: the canvas, the gestures, the card and the panels) over
a stand-in for ``js`` and ``pyodide.ffi``: every element, canvas context and ``Path2D`` is a fake
that records each property read, property write and call, as Pyodide would send each across the
boundary. On ``bench/frames.py``'s board (60x60, 40 tokens unless told, every overlay on) it
selects the hero, draws its facings ahead as the idle page would, then replays the benchmark's
drag-rotate and drag-move, one frame per pointer event. It prints the milliseconds per frame
(CPython, so a fraction of Pyodide's) and the boundary crossings per frame by phase and by name,
and with ``--profile`` the functions that take the time (cProfile). A benchmark, not a test:
``./serve.sh bench profile_frame``.
"""

import argparse
import cProfile
import math
import pstats
import statistics
import sys
import time
import types
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

CROSSINGS = Counter()
"""Boundary crossings by phase and name: ``(phase, "get fillStyle")`` and so on."""
PHASE = ["idle"]
ELEMENTS = {}
"""The page's elements by id: the same fake each time, so what is written stays."""


class Fake:
    """A JavaScript object as Python sees it in Pyodide: each read, write and call counted.

    Properties written are kept and read back; one never written reads as a fresh fake (a
    ``value`` or a ``textContent`` as an empty string), so the page's code runs its usual way.
    """

    TEXT = {"value", "textContent", "innerHTML", "title", "tagName"}
    NUMBERS = {"width": 1100.0, "height": 820.0, "left": 0.0, "top": 0.0, "devicePixelRatio": 1.0,
               "offsetX": 0.0, "offsetY": 0.0, "clientWidth": 1400, "clientHeight": 900, "offsetWidth": 200, "offsetHeight": 40, "pointerId": 1, "length": 0, "button": 0, "deltaY": 0, "deltaMode": 0}

    def __init__(self, name="js", **known):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_props", dict(known))

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        CROSSINGS[(PHASE[0], "get " + key)] += 1
        props = self._props
        if key not in props:
            if key in self.TEXT:
                props[key] = ""
            elif key in self.NUMBERS:
                props[key] = self.NUMBERS[key]
            else:
                props[key] = Fake(key)
        return props[key]

    def __setattr__(self, key, value):
        CROSSINGS[(PHASE[0], "set " + key)] += 1
        self._props[key] = value

    def __call__(self, *args, **kwargs):
        CROSSINGS[(PHASE[0], "call " + self._name)] += 1
        if self._name == "now":
            return time.perf_counter() * 1000
        if self._name in ("getElementById", "querySelector"):
            return ELEMENTS.setdefault(args[0], Fake(f"#{args[0]}"))
        if self._name == "getBoundingClientRect":
            return Fake("rect", width=Fake.NUMBERS["width"], height=Fake.NUMBERS["height"], left=0.0, top=0.0)
        if self._name in ("querySelectorAll", "getElementsByTagName"):
            return []
        if self._name in ("getAttribute", "closest", "getItem"):
            return None
        if self._name == "contains":
            return False
        return Fake(self._name + "()")

    def __iter__(self):
        return iter(())

    def __bool__(self):
        return True

    def __str__(self):
        return ""


def install_fake_js():
    """Put the fakes where ``import js`` and ``from pyodide.ffi import ...`` find them."""
    js = Fake("js", devicePixelRatio=1.0)
    window = Fake("window", devicePixelRatio=1.0)
    js._props.update(window=window, document=Fake("document"), requestAnimationFrame=lambda callback: None,
                     setTimeout=lambda *args: 0, clearTimeout=lambda *args: None, undefined=None)
    module = types.ModuleType("js")
    module.__getattr__ = lambda key: getattr(js, key)
    sys.modules["js"] = module
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = lambda function, *args, **kwargs: function
    ffi.to_js = lambda value, *args, **kwargs: value
    ffi.JsProxy = Fake
    ffi.JsException = type("JsException", (Exception,), {})
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    sys.modules["pyodide"], sys.modules["pyodide.ffi"] = pyodide, ffi


def pointer(x, y, pointer_id=1):
    """A pointer event at ``x``, ``y`` CSS pixels."""
    return types.SimpleNamespace(offsetX=x, offsetY=y, pointerId=pointer_id, button=0, shiftKey=False, altKey=False,
                                 pointerType="mouse", preventDefault=lambda: None)


def main():
    """Build the board, replay both drags, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=40, help="tokens on the board")
    parser.add_argument("--side", type=int, default=60, help="the board's width and height in squares")
    parser.add_argument("--profile", action="store_true", help="print cProfile's busiest functions per drag")
    parser.add_argument("--top", type=int, default=25, help="how many functions --profile lists")
    parser.add_argument("--sort", default="cumulative", help="the order --profile lists them in (cumulative, tottime)")
    args = parser.parse_args()
    install_fake_js()

    from dataclasses import replace

    from frames import MOVES, busy_board
    from web import app, state
    from web.view import View

    encounter = busy_board(tokens=args.tokens, side=args.side)
    board = app.Board(encounter)
    from web.gestures import Gestures

    board.gestures = gestures = Gestures(board)
    app.wire_panels(board)
    app.wire_table(board)
    board.ui = replace(board.ui, arcs="all", beyond=True, reach=True, bands=True)
    canvas = board.canvas
    canvas.draw()
    layout = View().layout(encounter.grid)
    hero = layout.to_pixel(encounter.creatures[0].anchor)
    gestures.on_pointer_down(pointer(*hero))
    gestures.on_pointer_up(pointer(*hero))
    canvas.draw()
    while canvas.warming is not None:  # the page draws the facings ahead while idle
        canvas.warm_step()

    def frame(event):
        gestures.on_pointer_move(event)
        if canvas.frame_requested:
            PHASE[0] = "frame"
            canvas.on_frame()
            PHASE[0] = "event"

    def rotate():
        creature = board.encounter.creature(board.ui.selected)
        handle = state.handle_point(creature, board.encounter.grid, layout, state.taken_cells(board.encounter, creature.name))
        gestures.on_pointer_down(pointer(*handle))
        for step in range(MOVES):
            angle = step * 2 * math.pi / 48
            frame(pointer(hero[0] + 70 * math.sin(angle), hero[1] - 70 * math.cos(angle)))
        gestures.on_pointer_up(pointer(*hero))

    def move():
        gestures.on_pointer_down(pointer(*hero))
        for step in range(MOVES):
            t = step / MOVES
            frame(pointer(hero[0] + 240 * t + 30 * math.sin(t * 12), hero[1] + 160 * t))
        gestures.on_pointer_up(pointer(hero[0] + 240, hero[1] + 160))

    print(f"CPython {sys.version.split()[0]}; {args.side}x{args.side} board, {args.tokens} tokens, every overlay on; "
          f"canvas {Fake.NUMBERS['width']:.0f}x{Fake.NUMBERS['height']:.0f}")
    for label, drag in (("drag-rotate", rotate), ("drag-move", move)):
        CROSSINGS.clear()
        canvas.timings.clear()
        PHASE[0] = "event"
        profiler = cProfile.Profile() if args.profile else None
        if profiler:
            profiler.enable()
        drag()
        if profiler:
            profiler.disable()
        PHASE[0] = "idle"
        frames = len(canvas.timings)
        ordered = sorted(canvas.timings)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
        print(f"\n{label}: {frames} frames, median {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms"
              f"{' (under cProfile)' if profiler else ''}")
        for phase in ("event", "frame"):
            counts = Counter({name: n for (each, name), n in CROSSINGS.items() if each == phase})
            total = sum(counts.values())
            top = ", ".join(f"{name} {n / max(frames, 1):.1f}" for name, n in counts.most_common(8))
            print(f"  {phase}: {total / max(frames, 1):.1f} crossings a frame ({top})")
        if profiler:
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
        board.commit(board.encounter)


if __name__ == "__main__":
    main()
