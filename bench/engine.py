"""Movement engine benchmark: the reachable set of a running Medium creature on a busy board.

A seeded 100 x 100 square board with 20% difficult terrain, scattered blocking obstacles, a few
walls and low walls, and 30 other creatures (friends and foes); a Medium creature with speed 30
runs (4 x 30 = 120 ft). ``run_benchmark()`` times ``rules.movement.reachable`` and returns the
timings in milliseconds; importing this module runs nothing. Two figures: *cold*, a runner the
caches have not seen (the board compiled for it from scratch and searched, as when a token is
first picked up), and *warm*, the same question again (as on every pointer move of a drag,
answered from the cache). The goal is a cold median of 15 ms or less under CPython. Run it with
``./serve.sh bench engine [--runs N]``; ``--page`` also runs it inside Chromium's Pyodide
(bench/bare.html with py/rules written into its file system), the figure the page sees. A third figure, *new terrain*, is a battlefield
whose terrain the caches have never seen (as after an edit of the map): the terrain is compiled
too. It is a benchmark, not a test.
"""

import argparse
import platform
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

try:
    import rules  # noqa: F401  (in the page, or with py/ on the path already)
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from rules.creature import Creature  # noqa: E402
from rules.grid import Square, SquareGrid  # noqa: E402
from rules.movement import Battlefield, Mode, reachable  # noqa: E402
from rules.sizes import Size  # noqa: E402
from rules.terrain import Terrain  # noqa: E402

SIDE = 100
SEED = 2024


def board(seed: int = SEED) -> tuple[Creature, dict, dict, tuple]:
    """The seeded layout: the runner, terrain cells, walls, and the other creatures."""
    rng = random.Random(seed)
    runner = Creature("Runner", Size.MEDIUM, Square(50, 50), facing=0, speed=30)
    cells = {}
    for x in range(SIDE):
        for y in range(SIDE):
            roll = rng.random()
            if roll < 0.20:
                cells[Square(x, y)] = "difficult"
            elif roll < 0.23:
                cells[Square(x, y)] = "blocking"
    cells.pop(runner.anchor, None)
    walls = {}
    for _ in range(60):
        x, y = rng.randrange(SIDE - 1), rng.randrange(SIDE - 1)
        other = Square(x + 1, y) if rng.random() < 0.5 else Square(x, y + 1)
        walls[(Square(x, y), other)] = "wall" if rng.random() < 0.7 else "low wall"
    others = []
    taken = {runner.anchor} | {cell for cell, kind in cells.items() if kind == "blocking"}
    while len(others) < 30:
        cell = Square(rng.randrange(SIDE), rng.randrange(SIDE))
        if cell in taken:
            continue
        taken.add(cell)
        side = "foe" if len(others) % 2 else "friend"
        others.append(Creature(f"C{len(others)}", Size.MEDIUM, cell, facing=rng.randrange(8), side=side))
    return runner, cells, walls, tuple(others)


def run_benchmark(runs: int = 200) -> dict:
    """Time ``reachable`` ``runs`` times on new terrain, cold and warm; return the timings in
    milliseconds and the size of the answer."""
    runner, cells, walls, others = board()
    grid = SquareGrid(SIDE, SIDE)
    terrain = Terrain.build(cells, walls)
    battlefield = Battlefield(grid, terrain, others)
    timings = {"new terrain": [], "cold": [], "warm": []}
    answer = None
    for run in range(runs):
        # Terrain the caches have not seen (one far cell differs): everything built afresh.
        edited = dict(cells)
        edited[Square(run % SIDE, 0)] = "obstacle"
        elsewhere = Battlefield(grid, Terrain.build(edited, walls), others)
        started = time.perf_counter()
        reachable(runner, elsewhere, Mode.RUN)
        timings["new terrain"].append((time.perf_counter() - started) * 1000)
        # A runner the caches have not seen: its board is compiled from the terrain layer.
        fresh = replace(runner, name=f"Runner {run}")
        started = time.perf_counter()
        answer = reachable(fresh, battlefield, Mode.RUN)
        timings["cold"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        reachable(fresh, battlefield, Mode.RUN)
        timings["warm"].append((time.perf_counter() - started) * 1000)
    return {**timings, "places": len(answer.costs), "budget": answer.budget}


def p95(values: list) -> float:
    """The 95th percentile of ``values``."""
    return statistics.quantiles(values, n=20)[-1]


def run_in_page(runs: int) -> tuple[dict, str]:
    """``run_benchmark(runs)`` inside Chromium's Pyodide; returns the result and Python's version."""
    import json

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    sys.path.insert(0, str(root / "tests" / "browser"))
    import devserver
    from conftest import launch
    from playwright.sync_api import sync_playwright

    sources = {path.name: path.read_text() for path in sorted((root / "py" / "rules").glob("*.py"))}
    server, url = devserver.serve_in_thread(root)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            page.goto(url + "bench/bare.html")
            page.wait_for_function("window.benchPyodide !== undefined", timeout=60_000)
            script = (
                "import json, os\n"
                "os.makedirs('/home/pyodide/rules', exist_ok=True)\n"
                f"for name, text in json.loads({json.dumps(json.dumps(sources))}).items():\n"
                "    open('/home/pyodide/rules/' + name, 'w').write(text)\n"
                f"exec(compile({json.dumps(Path(__file__).read_text())}, 'engine.py', 'exec'), bench := {{'__name__': 'bench'}})\n"
                "import sys\n"
                f"json.dumps([bench['run_benchmark']({runs}), sys.version.split()[0]])\n"
            )
            result, version = json.loads(page.evaluate("code => benchPyodide.runPython(code)", script))
            browser.close()
    finally:
        server.shutdown()
    return result, version


def report(label: str, result: dict, runs: int) -> None:
    """Print one set of figures."""
    print(f"{label}: reachable, Medium running {result['budget'] * 5} ft: {result['places']} places, {runs} runs")
    for name in ("new terrain", "cold", "warm"):
        values = result[name]
        print(f"  {name}: median {statistics.median(values):.2f} ms, p95 {p95(values):.2f} ms")


def main() -> None:
    """Run the benchmark and print the figures and the machine."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--page", action="store_true", help="also run it in Chromium's Pyodide")
    arguments = parser.parse_args()
    runs = arguments.runs
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from machine import cpu_name

    print(f"machine: {cpu_name()}")
    report(f"{platform.python_implementation()} {platform.python_version()} (goal: cold median <= 15 ms)",
           run_benchmark(runs), runs)
    if arguments.page:
        result, version = run_in_page(runs)
        report(f"Pyodide, Python {version}, in Chromium (goal: <= 50 ms)", result, runs)


if __name__ == "__main__":
    main()
