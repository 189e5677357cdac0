"""Hostile links and files (issue 23): every count has a limit checked before the work, a cell or
wall given twice is refused as it comes, deep nesting is refused before ``json`` recurses, the
file carries whatever the page can hold (its terrain and walls written as a link writes them),
and names are read as the token form reads them. Each test names the item of the issue it
checks; bench/hostile.py times the same inputs (timings are never asserted here).

``largest_encounter`` builds the largest encounter within every limit, from which
``MAX_FILE`` and ``MAX_FILE_VALUES`` are set; the benchmark opens it too.
"""

import base64
import json
import zlib
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.link as link
from rules.creature import FACELESS_PRESETS, Creature, CreatureError, clean_name
from rules.encounter import Encounter
from rules.grid import HexGrid, Square, SquareGrid
from rules.link import (
    MAX_BONUS,
    MAX_CREATURES,
    MAX_DEPTH,
    MAX_FEET,
    MAX_FILE,
    MAX_FILE_VALUES,
    MAX_ITEMS,
    MAX_LEVEL,
    MAX_LOG_LINE,
    MAX_LOG_LINES,
    MAX_ROUNDS,
    MAX_SIDE,
    MAX_TEXT,
    LinkError,
    encounter_code,
    encounter_json,
    loads_shallow,
    parse_encounter_code,
    parse_encounter_hash,
    parse_encounter_json,
)
from rules.options import DEFAULT_OPTIONS, OPTION_INFO, set_option
from rules.sizes import Size
from rules.speed import ARMOURS, SpeedModifier
from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain
from rules.zones import VARIANT


def packed(payload: bytes) -> str:
    """A code for ``payload``, packed with the standard library alone."""
    return base64.urlsafe_b64encode(zlib.compress(payload, 9)).rstrip(b"=").decode("ascii")


def code_of(sections) -> str:
    """A code holding the JSON ``sections`` as they are, valid or not."""
    return packed(json.dumps(sections, separators=(",", ":")).encode("utf-8"))


def unpacked(code: str) -> bytes:
    """The JSON payload of a code."""
    return zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))


def file_of(**parts) -> str:
    """A version 1 file of a 5x5 board of squares with ``parts``."""
    return json.dumps({"flankwise": 1, "grid": {"kind": "square", "width": 5, "height": 5}, **parts})


def medium(name, x, y, **more):
    """A Medium creature at square (x, y), facing north."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=0, **more)


def nested(levels: int) -> str:
    """``levels`` lists, each holding the next."""
    return "[" * levels + "]" * levels


def depth(value) -> int:
    """How deep lists and objects nest in a JSON value, the outermost counted."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


FULL_BOARD = code_of({"g": [0, MAX_SIDE, MAX_SIDE], "t": [["difficult+obstacle", 0, MAX_SIDE * MAX_SIDE]]})
"""The issue's legitimately huge link: a 200x200 board, every cell difficult and obstructed."""


def repeated_runs(count: int, kinds="difficult") -> str:
    """The issue's hostile link: ``count`` lists of ground, each covering the whole 200x200
    board again from cell 0."""
    return code_of({"g": [0, MAX_SIDE, MAX_SIDE], "t": [[kinds, 0, MAX_SIDE * MAX_SIDE]] * count})


def spelled(number: int, length: int, marks: str) -> str:
    """``length`` characters spelling ``number`` in binary with the two ``marks``."""
    return "".join(marks[int(bit)] for bit in format(number, "b").zfill(length)[-length:])


def longest_text(number: int, length: int = MAX_TEXT) -> str:
    """Text JSON writes longest (control characters, six characters each), told apart by
    ``number``."""
    return spelled(number, length, "\x01\x02")


def largest_encounter() -> Encounter:
    """The largest encounter within every limit, as its file goes: a 200x200 board of pointy
    hexes with ground on every cell (the combinations of kinds in turn, each cell its own run)
    and a wall on every edge; 500 Medium creatures with every field set at its longest (names
    of quotes and backslashes, which JSON doubles; other text of control characters, which it
    writes six characters long; 50 features, 50 speed modifiers lost in four armours), each
    with the longest combat stats; the round at its last number with every creature's action,
    allowance and 500 log lines of 400 characters."""
    from rules.combatant import CombatStats
    from rules.facing import TurnState
    from rules.round import RoundState
    from rules.stances import Shield, Stance
    from rules.strike_speed import Action

    grid = HexGrid(MAX_SIDE, MAX_SIDE, "pointy")
    kinds = sorted(TERRAIN_KINDS)
    grounds = [names for size in range(1, len(kinds) + 1) for names in combinations(kinds, size)]
    cells = grid.cells()
    ground = tuple((cell, grounds[number % len(grounds)]) for number, cell in enumerate(cells))
    walls = tuple(
        (cell, other, "low wall") for cell in cells for other in grid.neighbours(cell) if cell.coords < other.coords
    )
    standing = [cell for number, cell in enumerate(cells) if "blocking" not in grounds[number % len(grounds)]]
    side = longest_text(0)
    modifiers = tuple(
        SpeedModifier(longest_text(n), -MAX_FEET, longest_text(n), ("medium",) * len(ARMOURS)) for n in range(MAX_ITEMS)
    )
    creatures = tuple(
        Creature(
            spelled(n, MAX_TEXT, '"\\'), Size.MEDIUM, standing[n * 37], faceless=True, lead=2, side=side,
            level=MAX_LEVEL, features=frozenset(longest_text(n) for n in range(MAX_ITEMS)), race="halfling",
            speed=20, armour="medium", rogue_level=MAX_LEVEL, shield_side="right", flat_footed=True,
            speed_modifiers=modifiers, long=True, reach=MAX_FEET, reach_weapon=True, flying=True,
            incorporeal=True, helpless=True, fills_space=True, faceless_as=max(FACELESS_PRESETS, key=len),
        )
        for n in range(MAX_CREATURES)
    )
    names = [creature.name for creature in creatures]
    stats = CombatStats(
        attack_bonus=-MAX_BONUS, armor_class=MAX_BONUS, shield=Shield.LARGE_SHIELD, shield_bonus=MAX_BONUS,
        shield_bash="100d1000-1000", damage="100d1000-1000", strength_bonus=-MAX_BONUS, stance=Stance.ACTIVE_ATTACK,
        crits_as_fighter=True, may_maneuver=True, is_monster=True, classed_as_fighter=True, has_body_points=False,
        action=Action.CAST_SPELL, spell=longest_text(1), spell_target=longest_text(2),
    )
    round_state = RoundState(
        side, MAX_ROUNDS, MAX_CREATURES, tuple((name, Action.MISSILE_FIRE) for name in names),
        tuple((name, TurnState(True, True, True, True)) for name in names),
        tuple(longest_text(n, MAX_LOG_LINE) for n in range(MAX_LOG_LINES)),
    )
    options = DEFAULT_OPTIONS
    for info in OPTION_INFO:
        options = set_option(options, info.name, info.bounds[1] if info.is_number else True)
    return Encounter(
        grid, creatures, VARIANT, options, Terrain(ground, walls), tuple((name, stats) for name in names), round_state
    )


# Item 1: work in proportion to the input. Golden cases for each limit and its message.


@pytest.mark.parametrize("count", [50, 200])
def test_repeated_runs_over_the_whole_board_are_refused_before_the_work(count):
    """Issue 23, item 1: the 76- and 103-character links whose lists of ground each cover the
    whole 200x200 board again are refused by their count: there are 31 combinations of kinds."""
    code = repeated_runs(count)
    assert len(code) <= 110
    with pytest.raises(LinkError, match=f"^This link is damaged: its terrain has {count} lists of ground; there are 31 "):
        parse_encounter_code(code)


def test_a_cell_claimed_twice_is_refused_as_its_run_comes():
    """Issue 23, item 1: lists of ground within the count, each covering the whole board, are
    refused at the second (the first cell it claims again is named), before any cell is made;
    every combination of kinds once, runs apart, opens."""
    every = ["+".join(kinds) for size in range(1, 6) for kinds in combinations(sorted(TERRAIN_KINDS), size)]
    twice = code_of({"g": [0, MAX_SIDE, MAX_SIDE], "t": [[kinds, 0, MAX_SIDE * MAX_SIDE] for kinds in every]})
    with pytest.raises(LinkError, match=r"^This link is damaged: its terrain lists \(0, 0\) twice$"):
        parse_encounter_code(twice)
    later = code_of({"g": [0, 5, 5], "t": [["pit", 3, 2], ["difficult", 0, 1, 3, 1]]})
    with pytest.raises(LinkError, match=r"its terrain lists \(4, 0\) twice$"):
        parse_encounter_code(later)
    apart = code_of({"g": [0, 40, 40], "t": [[kinds, number, 1] for number, kinds in enumerate(every)]})
    assert len(parse_encounter_code(apart).terrain.cells) == 31


def test_the_largest_board_of_terrain_opens():
    """Issue 23, item 1: the 74-character link of a 200x200 board with every cell difficult and
    obstructed opens, on squares and on both kinds of hexes."""
    assert len(FULL_BOARD) == 74
    for kind in range(3):
        code = code_of({"g": [kind, MAX_SIDE, MAX_SIDE], "t": [["difficult+obstacle", 0, MAX_SIDE * MAX_SIDE]]})
        encounter = parse_encounter_code(code)
        assert len(encounter.terrain.cells) == MAX_SIDE * MAX_SIDE
        assert {kinds for _, kinds in encounter.terrain.cells} == {("difficult", "obstacle")}
        assert encounter_code(encounter) == code


MOST_WALLS = 5 * 5 * 2
"""The most walls a 5x5 board of squares holds: two a square."""


@pytest.mark.parametrize(
    "sections, message",
    [
        ({"t": {}}, "^This link is damaged: its terrain is not a list$"),
        ({"t": [["pit", 0, 1]] * 32}, "its terrain has 32 lists of ground; there are 31 combinations of kinds"),
        ({"t": [["pit"]]}, "its terrain is not kinds with runs of cells"),
        ({"t": [["pit"] + [0, 1] * 26]}, "its terrain has more runs of cells than the board has cells"),
        ({"t": [["pit+" * 5000, 0, 1]]}, "its terrain names kinds of ground this page does not know"),
        ({"t": [["lava", 0, 1]]}, "There is no kind of terrain 'lava'"),
        ({"t": [["pit", 0, 0]]}, "its terrain has a run of cells that cannot be"),
        ({"t": [["pit", -1, 2]]}, "its terrain has a run of cells that cannot be"),
        ({"t": [["pit", 10**100, 1]]}, "its terrain runs past the end of the board"),
        ({"t": [["pit", 24, 2]]}, "its terrain runs past the end of the board"),
        ({"w": [0, 2]}, "its walls are not cells, sides and kinds"),
        ({"w": [0, 2, 0] * (MOST_WALLS + 1)}, f"^This link cannot be opened: it has {MOST_WALLS + 1} walls; a board this size holds at most {MOST_WALLS}$"),
        ({"w": [0, 8, 0]}, "a wall of it faces no side of a cell"),
        ({"w": [0, 2, len(EDGE_KINDS)]}, "a wall of it is of no kind this page knows"),
        ({"w": [25, 2, 0]}, "a wall of it names no cell of the board"),
        ({"w": [4, 2, 0]}, r"The wall between \(4, 0\) and \(5, 0\) lies off the square board$"),
        ({"w": [0, 2, 0, 1, 6, 1]}, r"The edge between \(1, 0\) and \(0, 0\) holds one wall, not two$"),
        ({"w": [6, 1, 0]}, r"A wall stands between cells that share a side; \(1, 1\) and \(2, 0\) do not"),
        ({"r": "ua" * 10_000}, "its facing ruleset is not a name"),
        ({"o": "shields," * 1000}, f"its options are over {link._LONGEST_OPTIONS} characters, more than all of them take"),
        ({"c": [["Kroh", 4, 0, 0], ["Kroh\u200b", 4, 1, 0]]}, "^This link is damaged: Two creatures are named Kroh: give each its own name$"),
        ({"c": [["Kroh", 4, 0, 0]], "s": [["Kroh", 1], [" kroh ", 2]]}, "kroh has combat stats twice: give it one set$"),
        ({"c": [["Kroh", 4, 0, 0]], "n": [None, 1, 0, [["Kroh", 0], ["Kroh\u2060", 1]]]}, "Kroh has two declared actions this round"),
        ({"c": [["K" * 10_000, 4, 0, 0]]}, "creature 1's name has 10000 characters; the longest is 60"),
        ({"c": [["Kroh", 4, 0, 0, "s" * 10_000]]}, "Kroh's side has 10000 characters; the longest is 60"),
    ],
)
def test_each_limit_of_a_link_says_what_is_wrong(sections, message):
    """Issue 23, item 1: each count, length and repeat in a link is refused before the work it
    would cause, with a message naming it."""
    with pytest.raises(LinkError, match=message):
        parse_encounter_code(code_of({"g": [0, 5, 5], **sections}))


TERRAIN_CELL = {"column": 1, "row": 1, "kinds": ["pit"]}
"""A cell of ground as older files list it."""

WALL = {"between": [[0, 0], [1, 0]], "kind": "wall"}
"""A wall as older files list it."""


@pytest.mark.parametrize(
    "parts, message",
    [
        ({"terrain": [TERRAIN_CELL] * 26}, "^This file is damaged: it lists 26 cells of terrain; the board has 25$"),
        ({"terrain": [dict(TERRAIN_CELL, kinds=["pit"] * 6)]}, "a terrain cell of it has no list of kinds"),
        ({"terrain": [dict(TERRAIN_CELL, kinds=["p" * 61])]}, "a terrain cell of it names kinds of ground this page does not know"),
        ({"terrain": [TERRAIN_CELL, dict(TERRAIN_CELL, kinds=["difficult"])]}, r"\(1, 1\) is listed twice: give all its kinds at once$"),
        ({"terrain": [TERRAIN_CELL, ["pit", 0, 1]]}, "a terrain cell of it has no list of kinds"),
        ({"terrain": [["pit", 0, 1], TERRAIN_CELL]}, "its terrain is not kinds with runs of cells"),
        ({"terrain": [["pit", 0, 2], ["difficult", 1, 1]]}, r"its terrain lists \(1, 0\) twice$"),
        ({"walls": [WALL] * (MOST_WALLS + 1)}, f"^This file cannot be opened: it has {MOST_WALLS + 1} walls; a board this size holds at most {MOST_WALLS}$"),
        ({"walls": [WALL, {"between": [[1, 0], [0, 0]], "kind": "low wall"}]}, r"The edge between \(1, 0\) and \(0, 0\) holds one wall, not two$"),
        ({"walls": [dict(WALL, kind="w" * 61)]}, "a wall of it is of no kind this page knows"),
        ({"walls": [0, 2, 0, 0, 2, 1]}, r"The edge between \(0, 0\) and \(1, 0\) holds one wall, not two$"),
        ({"creatures": [{"name": "Kroh", "size": "M" * 100, "anchor": {"x": 0, "y": 0}}]}, 'Kroh\'s size is not a size name such as "Medium"'),
        ({"creatures": [{"name": "Kroh", "size": "Medium", "anchor": {"x": 0, "y": 0}, "facing": "N" * 100}]}, "Kroh's facing is not a direction name"),
        ({"ruleset": "x" * 100}, "its facing ruleset is not a name"),
    ],
)
def test_each_limit_of_a_file_says_what_is_wrong(parts, message):
    """Issue 23, item 1: a file's counts and repeats are refused as a link's are, in either form
    of its terrain and walls, and its text before it is parsed."""
    with pytest.raises(LinkError, match=message):
        parse_encounter_json(file_of(**parts))


def test_a_file_of_more_values_than_any_encounter_is_refused_unparsed():
    """Issue 23, item 1: a file holding more values than the largest encounter (counted by its
    commas and brackets, outside its strings) is refused before ``json`` builds them; commas
    inside strings do not count."""
    text = '{"flankwise": 1, "x": [' + "[]," * MAX_FILE_VALUES + "[]]}"
    message = "^This file cannot be opened: it holds over 800,000 values, more than any encounter$"
    with pytest.raises(LinkError, match=message):
        parse_encounter_json(text)
    commas = file_of(creatures=[{"name": "Kroh", "size": "Medium", "anchor": {"x": 0, "y": 0}, "facing": "N",
                                 "side": "," * MAX_TEXT}])
    assert parse_encounter_json(commas).creatures[0].side == "," * MAX_TEXT


def test_a_whole_link_of_megabytes_is_refused_by_its_length():
    """Issue 23, item 1: a link of more than twice the longest code is refused before it is
    searched for its hash."""
    with pytest.raises(LinkError, match=r"^This link is too large to open \(over 512 kB\)$"):
        parse_encounter_hash("https://example.org/" + " " * (2 * link.MAX_CODE) + "#v1.")


def test_huge_numbers_are_refused_as_damage():
    """Issue 23, item 1: a number too long to read, or NaN and Infinity (which are not JSON), is
    refused as damage, not read."""
    for number in ("9" * 5000, "NaN", "Infinity", "-Infinity"):
        payload = b'{"g":[0,5,5],"c":[["Kroh",4,' + number.encode() + b",0]]}"
        with pytest.raises(LinkError, match="^This link is damaged: its contents do not read as an encounter$"):
            parse_encounter_code(packed(payload))
    with pytest.raises(LinkError, match=r"^This file is not a Flankwise encounter \(it is not JSON\)$"):
        parse_encounter_json('{"flankwise": 1, "grid": NaN}')


# Item 2: deep nesting is refused before json recurses.


@pytest.mark.parametrize("levels", [5_700, 10_000])
def test_deeply_nested_links_and_files_are_refused_unparsed(levels):
    """Issue 23, item 2: hashes of 55 and 66 characters nesting 5,700 and 10,000 levels, and
    files as deep, are refused by their depth before ``json`` reads them, whatever part holds
    the nesting."""
    for payload in (nested(levels), '{"g":' + nested(levels) + "}", '{"g":[0,5,5],"c":[' + nested(levels) + "]}"):
        hash_text = "#v1." + packed(payload.encode())
        assert len(hash_text) <= 100
        with pytest.raises(LinkError, match=f"^This link is damaged: its contents nest more than {MAX_DEPTH} levels"):
            parse_encounter_hash(hash_text)
    with pytest.raises(LinkError, match=f"^This file is damaged: its contents nest more than {MAX_DEPTH} levels deep"):
        parse_encounter_json('{"flankwise": 1, "grid": ' + nested(levels) + "}")


def test_unclosed_brackets_are_refused_unparsed():
    """Issue 23, item 2: a run of brackets never closed, or closed out of order, is refused as
    not JSON before ``json`` recurses into it."""
    for payload in ("[" * 10_000, "[" * 10_000 + "}" * 10_000, '{"g":[0,5,5]]'):
        with pytest.raises(LinkError, match="^This link is damaged: its contents do not read as an encounter$"):
            parse_encounter_code(packed(payload.encode()))
    with pytest.raises(LinkError, match=r"^This file is not a Flankwise encounter \(it is not JSON\)$"):
        parse_encounter_json('{"flankwise": 1, "grid": ' + "[" * 10_000)


def test_brackets_inside_names_do_not_count():
    """Issue 23, item 2: brackets, quotes and backslashes inside strings are not nesting: a
    creature named with them opens from a link and a file."""
    name = '[[[[[[[[[["\\{{{{{{{{{{'
    encounter = Encounter(SquareGrid(5, 5), (medium(name, 0, 0),))
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter


def deepest_encounter() -> Encounter:
    """An encounter whose link and file nest as deep as the format writes: a creature's speed
    modifier lost in an armour, a round with a creature's facing allowance."""
    from rules.facing import TurnState
    from rules.round import RoundState

    kroh = medium("Kroh", 0, 0, speed_modifiers=(SpeedModifier("Haste", 30, lost_in=("heavy",)),))
    state = RoundState(turn_states=(("Kroh", TurnState(moved=True)),))
    return Encounter(SquareGrid(5, 5), (kroh,), round=state)


def test_max_depth_is_what_the_format_writes_and_two_more():
    """Issue 23, item 2: the deepest a link or a file nests is 6 (the sections or file, the
    creatures, a creature, its speed modifiers, one modifier, its armours); ``MAX_DEPTH``
    allows 2 more, and both open."""
    encounter = deepest_encounter()
    assert depth(json.loads(unpacked(encounter_code(encounter)))) == 6
    assert depth(json.loads(encounter_json(encounter))) == 6
    assert MAX_DEPTH == 6 + 2
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter


JSON_TEXT = st.text(st.sampled_from('[]{}"\\,:ab \u00e9\n\x01'), max_size=6)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | JSON_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JSON_TEXT, inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.booleans())
def test_loads_shallow_reads_json_no_deeper_than_asked(value, spaced):
    """Issue 23, item 2: ``loads_shallow`` reads any JSON nesting at most ``deepest`` levels as
    ``json.loads`` does, strings full of brackets, quotes and backslashes included, and refuses
    it one level shallower."""
    text = json.dumps(value, indent=1 if spaced else None, ensure_ascii=spaced)
    assert loads_shallow(text, max(depth(value), 1)) == value
    if depth(value) > 1:
        with pytest.raises(LinkError, match=f"^This save is damaged: its contents nest more than {depth(value) - 1} "):
            loads_shallow(text, depth(value) - 1, "save")


@pytest.mark.parametrize(
    "text, message",
    [
        ("[1, 2", "^This link is damaged: its contents do not read as JSON$"),
        ('["]"', "^This link is damaged: its contents do not read as JSON$"),
        ("[1]]", "^This link is damaged: its contents do not read as JSON$"),
        ("{]", "^This link is damaged: its contents do not read as JSON$"),
        ("[NaN]", "^This link is damaged: its contents do not read as JSON$"),
        ("[[[]]]", "^This link is damaged: its contents nest more than 2 levels deep"),
        (b"[]", "^This link is not a Flankwise encounter$"),
    ],
)
def test_loads_shallow_refuses_what_is_not_shallow_json(text, message):
    """Issue 23, item 2: unclosed or crossed brackets, NaN, text nested too deep and anything
    but text are refused with a ``LinkError``."""
    with pytest.raises(LinkError, match=message):
        loads_shallow(text, 2)


# Item 3: what the page exports, it imports.


def test_the_file_writes_terrain_and_walls_as_a_link_does_on_one_line_each():
    """Issue 23, item 3: the file's terrain and walls are the runs and triples of a code's "t"
    and "w" sections, each on one line; the rest stays indented. The 74-character full board's
    file is small and opens equal."""
    encounter = Encounter(
        SquareGrid(5, 5), (medium("Kroh", 0, 0),),
        terrain=Terrain.build({Square(1, 1): ("pit",), Square(2, 1): ("pit",), Square(0, 4): "difficult"},
                              {(Square(3, 3), Square(3, 4)): "low wall"}),
    )
    text = encounter_json(encounter)
    sections = json.loads(unpacked(encounter_code(encounter)))
    assert '\n  "terrain": [["difficult",20,1],["pit",6,2]],\n' in text
    assert '\n  "walls": [18,4,1]\n' in text
    assert json.loads(text)["terrain"] == sections["t"] and json.loads(text)["walls"] == sections["w"]
    assert '\n  "creatures": [\n    {\n      "name": "Kroh",\n' in text
    full = parse_encounter_code(FULL_BOARD)
    assert len(encounter_json(full)) < 2000
    assert parse_encounter_json(encounter_json(full)) == full


def listed(encounter: Encounter) -> str:
    """The file of ``encounter`` as files were written before issue 23: terrain as a list of
    ``{"column", "row", "kinds"}`` objects and walls as ``{"between", "kind"}`` objects."""
    grid = encounter.grid
    document = json.loads(encounter_json(encounter))
    document["terrain"] = [
        {"column": grid.to_offset(cell)[0], "row": grid.to_offset(cell)[1], "kinds": list(kinds)}
        for cell, kinds in encounter.terrain.cells
    ]
    document["walls"] = [
        {"between": [list(grid.to_offset(a)), list(grid.to_offset(b))], "kind": kind}
        for a, b, kind in encounter.terrain.edges
    ]
    return json.dumps(document, indent=2)


def test_files_written_before_keep_opening():
    """Issue 23, item 3: a file in the older form (terrain and walls as lists of objects) opens
    to the same encounter, on squares and hexes, cells given with ``[column, row]`` or by name;
    so does the 4.64 MB older file of the full 200x200 board, which was refused before."""
    for grid in (SquareGrid(6, 5), HexGrid(6, 5, "flat"), HexGrid(6, 5, "pointy")):
        cells = grid.cells()
        ground = {cells[3]: ("difficult", "obstacle"), cells[17]: "pit", cells[29]: "narrow"}
        walls = {(cells[8], grid.step(cells[8], 2)): "wall", (cells[20], grid.step(cells[20], 4)): "low wall"}
        encounter = Encounter(grid, terrain=Terrain.build(ground, walls))
        assert parse_encounter_json(listed(encounter)) == encounter
    by_name = file_of(terrain=[TERRAIN_CELL], walls=[{"between": [{"column": 0, "row": 0}, [0, 1]], "kind": "Wall"}])
    walled = Terrain.build({Square(1, 1): "pit"}, {(Square(0, 0), Square(0, 1)): "wall"})
    assert parse_encounter_json(by_name).terrain == walled
    full = parse_encounter_code(FULL_BOARD)
    old = listed(full)
    assert len(old) > 4_600_000
    assert parse_encounter_json(old) == full


def test_the_largest_encounter_exports_under_the_cap_and_imports_equal():
    """Issue 23, item 3: the largest encounter within every limit (``largest_encounter``)
    exports to a file within ``MAX_FILE`` characters and ``MAX_FILE_VALUES`` values, and
    imports back equal; a link refuses it, saying to export a file."""
    encounter = largest_encounter()
    text = encounter_json(encounter)
    assert 36_000_000 < len(text) <= MAX_FILE
    assert 700_000 < link._values(link._skeleton(text)) <= MAX_FILE_VALUES
    assert parse_encounter_json(text) == encounter
    with pytest.raises(LinkError, match="export it as a file instead"):
        encounter_code(encounter)


# Item 4: names as the token form reads them.


@pytest.mark.parametrize(
    "typed, name",
    [
        ("Goblin", "Goblin"),
        ("  Goblin   chief \t", "Goblin chief"),
        ("Goblin\u200b", "Goblin"),
        ("Gob\u200dlin\u2060", "Goblin"),
        ("Goblin\x00\x7f", "Goblin"),
        ("Goblin\nchief", "Goblin chief"),
        ("\u00a0Goblin\u3000chief", "Goblin chief"),
        ("a \u200b b", "a b"),
        ("Ame\u0301lie", "Am\u00e9lie"),
        ("\u200b\u200c", ""),
    ],
)
def test_clean_name(typed, name):
    """Issue 23, item 4: ``clean_name`` trims, makes each run of white space one space, drops
    control and invisible format characters, and composes accents (NFC)."""
    assert clean_name(typed) == name


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_clean_names_stay_clean(text):
    """Issue 23, item 4: a cleaned name is clean: cleaning it again changes nothing, and a
    creature takes it."""
    name = clean_name(text)
    assert clean_name(name) == name
    if name:
        assert medium(name, 0, 0).name == name


def test_a_creature_refuses_a_name_that_is_not_clean():
    """Issue 23, item 4: a creature's name is clean; another is refused, saying how to write it."""
    with pytest.raises(CreatureError, match=r"^Write the name as 'Goblin': without spaces at its ends, doubled spaces"):
        medium("Goblin\u200b", 0, 0)
    with pytest.raises(CreatureError, match="^A creature needs a name"):
        medium("\u200b", 0, 0)


def test_links_and_files_clean_names_everywhere():
    """Issue 23, item 4: a link or file reads every name as the token form does (the creature's,
    in its stats and in the round), so "Goblin" and "Goblin\\u200b" are one name and a name
    with spaces around it opens trimmed; a name of nothing visible is refused."""
    sections = {
        "g": [0, 5, 5],
        "c": [[" Goblin\u200b ", 4, 0, 0]],
        "s": [["goblin\u2060", 3]],
        "n": [None, 1, 0, [["GOBLIN ", 1]]],
    }
    encounter = parse_encounter_code(code_of(sections))
    assert encounter.names() == ("Goblin",)
    assert encounter.stats[0][0] == "Goblin" and encounter.round.actions[0][0] == "GOBLIN"
    document = json.loads(encounter_json(encounter))
    document["creatures"][0]["name"] = "Goblin\u200b"
    document["stats"][0]["name"] = " Goblin"
    assert parse_encounter_json(json.dumps(document)) == encounter
    two = {"g": [0, 5, 5], "c": [["Goblin", 4, 0, 0], ["Goblin\u200b", 4, 1, 0]]}
    with pytest.raises(LinkError, match="^This link is damaged: Two creatures are named Goblin: give each its own"):
        parse_encounter_code(code_of(two))
    with pytest.raises(LinkError, match="^This link is damaged: A creature needs a name"):
        parse_encounter_code(code_of({"g": [0, 5, 5], "c": [["\u200b", 4, 0, 0]]}))
