"""Hostile links and files: the time and memory the readers take to refuse or open each input of a
corpus of hostile ones (issue 23), and the worst of each.

The corpus: the issue's links whose lists of ground each cover a 200x200 board again (50 and
200 of them, and 31 that the count allows), links and a file nesting 5,700 and 10,000 levels,
unclosed brackets, a decompression bomb, huge counts (creatures, walls, empty lists), long
strings, the 74-character link of a 200x200 board full of terrain on each kind of board, the
largest encounter a link holds, the same board as a file and as the 4.64 MB file of the older
form, the largest encounter within every limit as a file (tests/rules/test_hostile.py builds it),
a file of more values than any encounter, and one over ``MAX_FILE``.

Each input is read by the page's reader (``parse_encounter_hash`` for a link,
``parse_encounter_json`` for a file) in a fresh Python process, so that no cache of an earlier
read helps: *first* is that process's first read, *median* the median of it and the reads after
it; *peak* is the most memory ``tracemalloc`` saw during a first read in another fresh process.
The goal: the worst input refused or opened in at most 50 ms and 20 MB. Run it with
``python bench/hostile.py [--runs N]``. It is a benchmark, not a test.
"""

import argparse
import base64
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import zlib
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from rules.link import (  # noqa: E402
    MAX_FILE,
    MAX_FILE_VALUES,
    MAX_SIDE,
    MAX_UNPACKED,
    LinkError,
    encounter_hash,
    encounter_json,
    parse_encounter_hash,
    parse_encounter_json,
)
from rules.terrain import TERRAIN_KINDS  # noqa: E402

BOARD = MAX_SIDE * MAX_SIDE
GOAL_MS, GOAL_MB = 50, 20


def packed(payload: bytes) -> str:
    """A link's code for ``payload``, as the page packs one."""
    return base64.urlsafe_b64encode(zlib.compress(payload, 9)).rstrip(b"=").decode("ascii")


def hash_of(sections) -> str:
    """The hash of a code holding the JSON ``sections`` as they are, valid or not."""
    return "#v1." + packed(json.dumps(sections, separators=(",", ":")).encode("utf-8"))


def nested(levels: int) -> str:
    """``levels`` lists, each holding the next."""
    return "[" * levels + "]" * levels


def bomb() -> str:
    """A hash whose payload inflates to 100 MB of zeros."""
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(bytes(1 << 20)) for _ in range(100)) + packer.flush()
    return "#v1." + base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def full_board(kind: int = 0) -> dict:
    """The sections of a 200x200 board (``kind`` 0 squares, 1 flat hexes, 2 pointy hexes) with
    every cell difficult and obstructed."""
    return {"g": [kind, MAX_SIDE, MAX_SIDE], "t": [["difficult+obstacle", 0, BOARD]]}


def largest_link() -> str:
    """The hash of the most a link holds, as heavy to read as it gets: a 200x200 board of
    pointy hexes full of terrain, 500 creatures each with its combat stats, an action and a
    facing allowance in the round, and as many walls as the rest of the 256 kB leaves room for."""
    from rules.combatant import CombatStats
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.facing import TurnState
    from rules.grid import HexGrid
    from rules.round import RoundState
    from rules.sizes import Size
    from rules.strike_speed import Action
    from rules.terrain import Terrain

    grid = HexGrid(MAX_SIDE, MAX_SIDE, "pointy")
    cells = grid.cells()
    inner = [cell for cell in cells if grid.to_offset(cell)[0] < MAX_SIDE - 1]
    creatures = tuple(
        Creature(f"Goblin {n}", Size.SMALL, cells[n * 79], facing=n % 6, side="foe", level=3, features=frozenset({"Dodge"}))
        for n in range(500)
    )
    names = [creature.name for creature in creatures]
    stats = tuple((name, CombatStats(attack_bonus=4, armor_class=15, damage="1d6+1")) for name in names)
    state = RoundState("foe", 3, 0, tuple((name, Action.SHORT_WEAPON) for name in names),
                       tuple((name, TurnState(moved=True)) for name in names))
    ground = tuple((cell, ("difficult", "obstacle")) for cell in cells)

    def encounter(walls: int) -> Encounter:
        edges = tuple((inner[n], grid.step(inner[n], 1), "low wall") for n in range(walls))
        return Encounter(grid, creatures, terrain=Terrain(ground, edges), stats=stats, round=state)

    fits, too_many = 0, len(inner)
    while too_many - fits > 1:
        middle = (fits + too_many) // 2
        try:
            encounter_hash(encounter(middle))
            fits = middle
        except LinkError:
            too_many = middle
    return encounter_hash(encounter(fits))


def largest_file() -> str:
    """The file of the largest encounter within every limit (``MAX_FILE`` is set from it)."""
    sys.path.insert(0, str(ROOT / "tests" / "rules"))
    from test_hostile import largest_encounter

    return encounter_json(largest_encounter())


def listed_file(hash_text: str) -> str:
    """The file of the encounter of ``hash_text`` as files were written before issue 23: terrain
    as ``{"column", "row", "kinds"}`` objects, walls as ``{"between", "kind"}`` objects."""
    sys.path.insert(0, str(ROOT / "tests" / "rules"))
    from test_hostile import listed

    return listed(parse_encounter_hash(hash_text))


def corpus() -> list[tuple[str, str, str]]:
    """``(label, reader, text)`` for every input: ``reader`` is ``"link"`` or ``"file"``."""
    kinds = sorted(TERRAIN_KINDS)
    every = ["+".join(some) for size in range(1, len(kinds) + 1) for some in combinations(kinds, size)]
    spaces = {"g": [0, MAX_SIDE, MAX_SIDE]}
    filler = MAX_UNPACKED - 100
    links = [
        ("50 lists of ground, each the whole board", hash_of({**spaces, "t": [["difficult", 0, BOARD]] * 50})),
        ("200 lists of ground, each the whole board", hash_of({**spaces, "t": [["difficult", 0, BOARD]] * 200})),
        ("31 lists of ground, each the whole board", hash_of({**spaces, "t": [[kinds, 0, BOARD] for kinds in every]})),
        ("nesting 5,700 levels", "#v1." + packed(nested(5_700).encode())),
        ("nesting 10,000 levels", "#v1." + packed(nested(10_000).encode())),
        ("256 kB of unclosed brackets", "#v1." + packed(b"[" * MAX_UNPACKED)),
        ("decompression bomb, 100 MB of zeros", bomb()),
        ("256 kB of creatures (0s)", "#v1." + packed(b'{"g":[0,5,5],"c":[' + b"0," * (filler // 2) + b"0]}")),
        ("256 kB of empty lists as creatures", "#v1." + packed(b'{"g":[0,5,5],"c":[' + b"[]," * (filler // 3) + b"[]]}")),
        ("256 kB of walls on a 1x1 board", hash_of({"g": [0, 1, 1], "w": [0, 2, 0] * (filler // 6)})),
        ("a name of 256 kB", hash_of({"g": [0, 5, 5], "c": [["K" * filler, 4, 0, 0]]})),
        ("options of 256 kB", hash_of({"g": [0, 5, 5], "o": "shields," * (filler // 8)})),
        ("a number of 4,000 digits", "#v1." + packed(b'{"g":[0,5,' + b"9" * 4000 + b"]}")),
        ("full 200x200 board, squares", hash_of(full_board(0))),
        ("full 200x200 board, flat hexes", hash_of(full_board(1))),
        ("full 200x200 board, pointy hexes", hash_of(full_board(2))),
        ("largest link: full board, 500 creatures, walls", largest_link()),
    ]
    full = hash_of(full_board(2))
    files = [
        ("file nesting 10,000 levels", '{"flankwise": 1, "grid": ' + nested(10_000) + "}"),
        ("file of 4 MB of unclosed brackets", '{"flankwise": 1, "grid": ' + "[" * 4_000_000),
        ("file of more values than any encounter", '{"flankwise": 1, "x": [' + "[]," * MAX_FILE_VALUES + "[]]}"),
        ("file over MAX_FILE", " " * (MAX_FILE + 1)),
        ("full board as a file", encounter_json(parse_encounter_hash(full))),
        ("full board as an older file (4.64 MB)", listed_file(full)),
        ("largest encounter as a file", largest_file()),
    ]
    return [(label, "link", text) for label, text in links] + [(label, "file", text) for label, text in files]


READERS = {"link": parse_encounter_hash, "file": parse_encounter_json}


def outcome(reader: str, text: str) -> str:
    """What reading ``text`` gives: what opened, or the start of the refusal."""
    try:
        encounter = READERS[reader](text)
    except LinkError as error:
        message = str(error)
        return "refused: " + (message if len(message) <= 62 else message[:59] + "...")
    terrain = encounter.terrain
    return f"opened: {len(terrain.cells)} cells, {len(terrain.edges)} walls, {len(encounter.creatures)} creatures"


def read_once(reader: str, path: str, runs: int, memory: bool) -> dict:
    """Read the input at ``path`` in this (fresh) process: its outcome and the times of ``runs``
    reads, or the peak memory of one."""
    text = Path(path).read_text(encoding="utf-8")
    if memory:
        tracemalloc.start()
        outcome(reader, text)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return {"peak": peak}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        said = outcome(reader, text)
        times.append(time.perf_counter() - start)
        if sum(times) > 20:
            break
    return {"outcome": said, "times": times}


def measured(reader: str, text: str, runs: int) -> dict:
    """The figures of one input, each from a fresh process."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as handle:
        handle.write(text)
    try:
        result = {}
        for memory in (False, True):
            command = [sys.executable, __file__, "--read", reader, handle.name, "--runs", str(runs)]
            done = subprocess.run(command + (["--memory"] if memory else []), capture_output=True, text=True, check=True)
            result.update(json.loads(done.stdout))
        return result
    finally:
        os.unlink(handle.name)


def main() -> None:
    """Build the corpus, read each input, print the table, the worst figures and the machine."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--read", nargs=2, metavar=("READER", "PATH"), help=argparse.SUPPRESS)
    parser.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.read:
        print(json.dumps(read_once(*arguments.read, arguments.runs, arguments.memory)))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from machine import cpu_name

    print(f"machine: {cpu_name()}, {len(os.sched_getaffinity(0))} cores; "
          f"{platform.python_implementation()} {platform.python_version()}; {arguments.runs} reads an input")
    print(f"goal: the worst input refused or opened in at most {GOAL_MS} ms and {GOAL_MB} MB\n")
    header = f"{'input':<48} {'reader':<6} {'chars':>10}  {'median ms':>9} {'first ms':>8} {'peak MB':>8}  outcome"
    print(header)
    print("-" * len(header))
    rows = []
    for label, reader, text in corpus():
        figures = measured(reader, text, arguments.runs)
        median, first = statistics.median(figures["times"]) * 1000, figures["times"][0] * 1000
        peak = figures["peak"] / 1e6
        rows.append((label, reader, median, peak))
        print(f"{label:<48} {reader:<6} {len(text):>10,}  {median:>9.1f} {first:>8.1f} {peak:>8.1f}  {figures['outcome']}",
              flush=True)
    print()
    for reader in ("link", "file", None):
        chosen = [row for row in rows if reader in (None, row[1])]
        slowest, largest = max(chosen, key=lambda row: row[2]), max(chosen, key=lambda row: row[3])
        print(f"worst{' ' + reader if reader else ''}: {slowest[2]:.1f} ms ({slowest[0]}), "
              f"{largest[3]:.1f} MB ({largest[0]})")


if __name__ == "__main__":
    main()
