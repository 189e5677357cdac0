"""Encounters as links (issue 9): round trips, one code per state, the budget, the limits, and a
decoder that answers every input with an encounter or a ``LinkError``, never anything else."""

import base64
import json
import time
import zlib
from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.link as link
from rules.creature import FACELESS_PRESETS, SHIELD_SIDES, Creature, clean_name
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.link import (
    CREATURE_FIELDS,
    MAX_CREATURES,
    MAX_ITEMS,
    MAX_SIDE,
    MAX_TEXT,
    MAX_UNPACKED,
    SPEED_MODIFIER_FIELDS,
    CellCode,
    Choice,
    FacingCode,
    Flag,
    LinkError,
    Many,
    Maybe,
    Name,
    Pair,
    Record,
    SizeCode,
    Text,
    Whole,
    encounter_code,
    encounter_hash,
    encounter_json,
    parse_encounter_code,
    parse_encounter_hash,
    parse_encounter_json,
    round_fields,
    round_record,
    stats_fields,
    stats_record,
)
from rules.options import (
    DEFAULT_OPTIONS,
    OPTION_INFO,
    Options,
    options_code,
    parse_options,
    set_option,
)
from rules.sizes import Size, facing_names
from rules.speed import ARMOURS, TACTICAL_SPEED, SpeedModifier
from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain
from rules.zones import NO_FACING, RULESETS, UA_FACING, VARIANT, Arcs, Ruleset

FAST = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(deadline=None, max_examples=80, suppress_health_check=[HealthCheck.too_slow])


def unpacked(code: str) -> bytes:
    """The JSON payload of a code, unpacked with the standard library alone."""
    return zlib.decompress(data_of(code))


def packed(payload: bytes) -> str:
    """A code for ``payload``, packed with the standard library alone."""
    return base64url(zlib.compress(payload, 9))


def base64url(data: bytes) -> str:
    """``data`` in base64url without padding, as codes are written."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def data_of(code: str) -> bytes:
    """The packed bytes of a code."""
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def code_of(sections) -> str:
    """A code holding the JSON ``sections`` as they are, valid or not."""
    return packed(json.dumps(sections, separators=(",", ":")).encode("utf-8"))


def medium(name, x, y, facing=0, **more):
    """A Medium creature at square (x, y)."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing, **more)


# Strategies: random valid encounters, every field drawn from its codec, so a field added to
# CREATURE_FIELDS is covered without touching these.

WORDS = ("friend", "foe", *filter(None, SHIELD_SIDES), *ARMOURS, *TACTICAL_SPEED, "untyped", *FACELESS_PRESETS)
"""Words the rules know, so that a text field whose value the rules check is sometimes valid."""

TEXTS = st.text(min_size=1, max_size=MAX_TEXT).filter(str.strip) | st.sampled_from(WORDS)

NAMES = TEXTS.map(clean_name).filter(bool)
"""Creature names, clean as the token form leaves them (``Creature`` takes no other)."""


def values_for(codec):
    """A strategy for the values ``codec`` carries (the creature's place is drawn apart)."""
    if isinstance(codec, Name):
        return NAMES
    if isinstance(codec, Text):
        return TEXTS
    if isinstance(codec, Whole):
        numbers = st.integers(codec.least, codec.greatest)
        least, greatest = -(-codec.least // 5), codec.greatest // 5
        if least > greatest:
            return numbers
        return numbers | st.integers(least, greatest).map(lambda n: n * 5)
    if isinstance(codec, Flag):
        return st.booleans()
    if isinstance(codec, Maybe):
        return st.none() | values_for(codec.inner)
    if isinstance(codec, Many):
        items = st.lists(values_for(codec.item), max_size=min(codec.most, 4))
        kept = items.map(lambda values: [value for value in values if value is not None])
        return kept.map(frozenset if codec.unordered else tuple)
    if isinstance(codec, Record):
        parts = {row.name: values_for(row.codec) for row in codec.rows}
        return st.fixed_dictionaries(parts).map(lambda given: made(codec.kind, given))
    if isinstance(codec, Choice):
        return st.sampled_from(list(codec.kind))
    raise AssertionError(f"no strategy for {codec!r}")


def made(kind, given):
    """``kind(**given)``, or ``None`` if the rules refuse it (a list of records drops it)."""
    try:
        return kind(**given)
    except RulesError:
        return None


PLACED = {"name", "size", "anchor", "facing", "faceless"}


@st.composite
def creatures_on(draw, grid, name):
    """A creature called ``name`` anchored on ``grid``, with random values for every other field
    (each kept only if the rules accept it)."""
    size = draw(st.sampled_from(Size))
    faceless = draw(st.booleans())
    column, row = draw(st.integers(0, grid.width - 1)), draw(st.integers(0, grid.height - 1))
    facing = None
    if not faceless and size > Size.TINY:
        facing = draw(st.integers(0, len(facing_names(size, grid)) - 1))
    creature = Creature(name, size, grid.from_offset(column, row), facing=facing, faceless=faceless)
    for field in CREATURE_FIELDS:
        if field.name not in PLACED and draw(st.booleans()):
            try:
                creature = replace(creature, **{field.name: draw(values_for(field.codec))})
            except RulesError:
                pass
    return creature


@st.composite
def option_sets(draw):
    """Random table options: every option set in turn, switches and numbers alike."""
    options = DEFAULT_OPTIONS
    for info in OPTION_INFO:
        value = draw(st.integers(*info.bounds) if info.is_number else st.booleans())
        options = set_option(options, info.name, value)
    return options


GRIDS = st.one_of(
    st.builds(SquareGrid, st.integers(1, 24), st.integers(1, 24)),
    st.builds(HexGrid, st.integers(1, 24), st.integers(1, 24), st.sampled_from(["flat", "pointy"])),
)


@st.composite
def encounters(draw, most=8):
    """A random valid encounter: either grid, its terrain, up to ``most`` creatures (each kept
    only if it fits on the board beside those before it, on ground it can stand on), any
    ruleset and options."""
    from rules.placement import fits, standing_problem

    grid = draw(GRIDS)
    terrain = draw(terrains(grid))
    stands = lambda creature: standing_problem(creature, grid, terrain) is None  # noqa: E731
    creatures, taken, occupied = [], set(), {}
    for name in draw(st.lists(NAMES, max_size=most)):
        if name.casefold() in taken:
            continue
        creature = draw(creatures_on(grid, name))
        try:
            creature.check(grid)
        except RulesError:
            continue
        if not fits(creature, grid, occupied, stands):
            continue
        for cell in creature.cells(grid):
            occupied.setdefault(cell, []).append(creature)
        taken.add(name.casefold())
        creatures.append(creature)
    ruleset = draw(st.sampled_from(list(RULESETS.values())))
    encounter = Encounter(grid, tuple(creatures), ruleset, draw(option_sets()), terrain)
    return replace(encounter, stats=draw(stats_tables(encounter)), round=draw(rounds(encounter)))


DICE = st.sampled_from(["1d6", "1d8+2", "2d4-1", "1d12", "3d6+4"])
"""Damage dice in canonical notation, so that drawn stats are often valid."""


@st.composite
def stats_tables(draw, encounter):
    """Combat stats for some of ``encounter``'s creatures, every field drawn (a set the rules
    refuse is dropped)."""
    from rules.combatant import CombatStats

    parts = {row.name: values_for(row.codec) for row in stats_fields()}
    parts.update(damage=DICE, shield_bash=st.just("") | DICE, spell=st.just(""), spell_target=st.just(""))
    pairs = []
    for creature in encounter.creatures:
        if draw(st.booleans()):
            stats = made(CombatStats, draw(st.fixed_dictionaries(parts)))
            if stats is not None:
                pairs.append((creature.name, stats))
    return tuple(pairs)


@st.composite
def rounds(draw, encounter):
    """A round under way on ``encounter``, or ``None``: an initiative winner among its sides,
    declared actions and facing allowances for some of its creatures, a log."""
    from rules.facing import TurnState
    from rules.round import RoundState
    from rules.strike_speed import Action

    if not draw(st.booleans()):
        return None
    sides = sorted({creature.side for creature in encounter.creatures})
    winner = draw(st.none() | st.sampled_from(sides)) if sides else None
    names = [creature.name for creature in encounter.creatures]
    acting = draw(st.lists(st.sampled_from(names), unique=True, max_size=4)) if names else []
    turning = draw(st.lists(st.sampled_from(names), unique=True, max_size=4)) if names else []
    allowances = st.builds(TurnState, st.booleans(), st.just(False), st.booleans(), st.booleans())
    return RoundState(
        initiative_winner=winner,
        number=draw(st.integers(1, 50)),
        turn=draw(st.integers(0, 10)),
        actions=tuple((name, draw(st.sampled_from(list(Action)))) for name in acting),
        turn_states=tuple((name, draw(allowances)) for name in turning),
        log=tuple(draw(st.lists(st.text(max_size=80), max_size=5))),
    )


@st.composite
def terrains(draw, grid):
    """Random terrain on ``grid``: cells of one or two kinds, and walls between neighbours."""
    cells = draw(st.lists(st.sampled_from(grid.cells()), max_size=30, unique=True))
    kinds = st.lists(st.sampled_from(sorted(TERRAIN_KINDS)), min_size=1, max_size=2, unique=True)
    ground = tuple((cell, tuple(draw(kinds))) for cell in cells)
    walls, seen = [], set()
    for cell in draw(st.lists(st.sampled_from(grid.cells()), max_size=10)):
        sides = [other for other in grid.neighbours(cell) if grid.kind == "hex" or 0 in (
            other.coords[0] - cell.coords[0], other.coords[1] - cell.coords[1])]
        if sides:
            other = draw(st.sampled_from(sides))
            if frozenset((cell, other)) not in seen:
                seen.add(frozenset((cell, other)))
                walls.append((cell, other, draw(st.sampled_from(sorted(EDGE_KINDS)))))
    return Terrain(ground, tuple(walls))


def dungeon(grid):
    """Terrain a table draws: rubble (difficult), a pillar, a pit, a narrow gap in a wall."""
    rubble = {Square(x, y): "difficult" for x in range(10, 16) for y in range(4, 9)}
    rubble.update({Square(x, 14): "difficult" for x in range(0, 12)})
    rubble.update({Square(25, 5): "blocking", Square(26, 5): "blocking", Square(30, 20): "pit"})
    rubble[Square(18, 12)] = "narrow"
    wall = {(Square(18, y), Square(19, y)): "wall" for y in range(0, 12)}
    wall.update({(Square(18, y), Square(19, y)): "wall" for y in range(13, 25)})
    return Terrain.build(rubble, wall) if grid.kind == "square" else Terrain()


def skirmish(count=20, grid=None):
    """A typical fight: a party of four with races, armour and feats against a band of foes,
    placed apart, each facing its own way (the budget case of issue 9)."""
    grid = grid or SquareGrid(40, 30)
    feats = frozenset({"Power Attack", "Cleave"})
    party = [
        medium("Kroh", 2, 2, 2, race="half-orc", armour="medium", level=6, features=feats),
        medium("Aelis", 4, 2, 3, race="elf", armour="light", level=6, rogue_level=6,
               features=frozenset({"Improved Uncanny Dodge"})),
        medium("Brother Tam", 6, 2, 4, race="human", armour="heavy", level=6, shield_side="left"),
        medium("Vessa", 8, 2, 5, race="halfling", level=6,
               features=frozenset({"Combat Reflexes", "Dodge", "Mobility"})),
    ]
    foes = [Creature("Ogre", Size.LARGE, Square(20, 20), facing=6, side="foe", level=4, reach_weapon=True)]
    for number in range(1, count - len(party)):
        x, y = 3 * number % 37, 8 + 5 * number % 21
        foes.append(medium(f"Hobgoblin {number}", x, y, number % 8, side="foe", level=1 + number % 3))
    shields = set_option(DEFAULT_OPTIONS, "shields", True)
    return Encounter(grid, tuple(party + foes)[:count], UA_FACING, shields, dungeon(grid))


# Round trips and one code per state.


@FAST
@given(encounters())
def test_code_and_hash_round_trip(encounter):
    """Any encounter encodes and decodes to an equal one, and decoding then encoding gives the
    same code. The hash is ``#v1.`` and the code; it opens with or without its ``#``, with
    spaces around it, and as a whole link."""
    code = encounter_code(encounter)
    back = parse_encounter_code(code)
    assert back == encounter
    assert encounter_code(back) == code
    hash_text = encounter_hash(encounter)
    assert hash_text == "#v1." + code
    whole_link = "https://example.org/flankwise/" + hash_text
    for text in (hash_text, hash_text[1:], f"  {hash_text}\n", whole_link):
        assert parse_encounter_hash(text) == encounter


@FAST
@given(encounters())
def test_json_round_trip(encounter):
    """The readable file reads back to an equal encounter and is versioned."""
    text = encounter_json(encounter)
    assert json.loads(text)["flankwise"] == 1
    assert parse_encounter_json(text) == encounter


@FAST
@given(encounters())
def test_equal_encounters_built_differently_have_one_code(encounter):
    """The code of equal states is equal: the same encounter built again another way (creature
    by creature, fields re-made, sets built in another order, options set one by one,
    terrain listed in another order, walls named from their other side, stats given in another
    order, the round re-made)."""
    again = Encounter(encounter.grid, ruleset=encounter.ruleset)
    for creature in encounter.creatures:
        remade = {field.name: getattr(creature, field.name) for field in fields(Creature)}
        remade["features"] = frozenset(sorted(creature.features, reverse=True))
        again = again.place(Creature(**remade))
    values = {field.name: getattr(encounter.options, field.name) for field in reversed(fields(Options))}
    options = Options(**values)
    again = replace(again, options=parse_options(options_code(options)))
    walls = tuple((b, a, kind) for a, b, kind in reversed(encounter.terrain.edges))
    again = replace(again, terrain=Terrain(tuple(reversed(encounter.terrain.cells)), walls))
    for name, stats in reversed(encounter.stats):
        again = again.with_stats(name.upper() if name.upper().casefold() == name.casefold() else name, replace(stats))
    again = again.with_round(replace(encounter.round_state()))
    assert again == encounter
    assert encounter_code(again) == encounter_code(encounter)
    assert encounter_json(again) == encounter_json(encounter)


def test_a_code_written_another_way_reads_the_same_and_is_written_canonically():
    """A code with its sections reordered, defaults spelled out and a set unsorted opens as the
    same encounter, whose own code is the canonical one."""
    encounter = Encounter(
        SquareGrid(5, 5), (medium("Kroh", 1, 1, 2, features=frozenset({"Dodge", "Cleave"})),)
    )
    kroh = ["Kroh", 4, 6, 2, "friend", 1, ["Dodge", "Cleave"], None]
    loose = code_of({"o": "", "r": "ua", "c": [kroh], "g": [0, 5, 5]})
    assert parse_encounter_code(loose) == encounter
    assert encounter_code(encounter) != loose
    canonical = b'{"g":[0,5,5],"c":[["Kroh",4,6,2,"friend",1,["Cleave","Dodge"]]]}'
    assert unpacked(encounter_code(encounter)) == canonical


def test_the_payload_of_a_small_encounter():
    """The format, pinned: sections g (kind, width, height), c (fields in table order, trailing
    defaults left out), r (ruleset name) and o (options_code), at their default left out."""
    empty = Encounter(SquareGrid(40, 30))
    assert unpacked(encounter_code(empty)) == b'{"g":[0,40,30]}'
    hexes = Encounter(
        HexGrid(10, 8, "pointy"),
        (Creature("Ooze", Size.LARGE, Hex(3, 2), faceless=True, lead=2, side="foe"),),
        VARIANT,
        set_option(DEFAULT_OPTIONS, "flanked_penalty", 4),
    )
    payload = unpacked(encounter_code(hexes))
    assert payload == (
        b'{"g":[2,10,8],"c":[["Ooze",5,24,null,"foe",1,[],null,"none",0,null,0,1,2]],'
        b'"r":"variant","o":"flanked_penalty=4"}'
    )


GOLDEN = (
    "eNqrVkpXsoo20DECoVgdpWQgL1rJuyg_Q0nHRMfMSMdIRymtKDM1L0VJxzRWJ1rJMTUnsxgsZ6JjCJTLT1UC0tFKLvkp"
    "6alKsbGxtQCEXxZN"
)
"""A v1 code written when the format was made; every later v1 page must open it."""


def test_v1_links_keep_opening():
    """A code written by the first v1 page still opens to the same encounter."""
    assert parse_encounter_code(GOLDEN) == Encounter(
        SquareGrid(20, 20),
        (
            medium("Kroh", 2, 3, 2, level=5),
            medium("Aelis", 4, 3, 1, side="foe", features=frozenset({"Dodge"})),
        ),
    )


# The field table.


def test_every_creature_field_has_a_row():
    """Each ``Creature`` field has exactly one row in ``CREATURE_FIELDS``: a field added to the
    creature and not to the table fails here, before a link silently drops it."""
    names = [row.name for row in CREATURE_FIELDS]
    assert len(names) == len(set(names))
    assert set(names) == {field.name for field in fields(Creature)}
    modifier_names = [row.name for row in SPEED_MODIFIER_FIELDS]
    assert modifier_names == [field.name for field in fields(SpeedModifier)]


def test_the_v1_rows_keep_their_order():
    """Rows are only ever appended: the first rows keep the positions old links use."""
    v1 = [
        "name", "size", "anchor", "facing", "side", "level", "features", "race", "armour",
        "rogue_level", "shield_side", "flat_footed", "faceless", "lead", "speed",
        "speed_modifiers", "long", "reach", "reach_weapon", "flying", "incorporeal", "helpless",
        "fills_space", "squeezed_to", "faceless_as",
    ]
    assert [row.name for row in CREATURE_FIELDS][: len(v1)] == v1


def test_the_place_comes_before_what_depends_on_it():
    """A facing is read by the creature's size, so size precedes facing; name, size and
    anchor are the required fields, first."""
    codecs = [type(row.codec) for row in CREATURE_FIELDS]
    assert codecs[:4] == [Name, SizeCode, CellCode, FacingCode]


# The budget and the limits.


def test_a_typical_20_token_encounter_fits_the_budget():
    """Issue 9: a 20-token encounter on a 40x30 board in at most 1,000 characters of hash."""
    encounter = skirmish()
    assert len(encounter.creatures) == 20
    assert len(encounter_hash(encounter)) <= 1000


def test_the_largest_encounter_fits_a_file_and_a_link_says_it_is_too_big():
    """At every limit at once (200x200 board, 500 creatures, longest names, most features) the
    file still opens; the link refuses, saying why, instead of writing one no page opens."""
    grid = SquareGrid(MAX_SIDE, MAX_SIDE)
    features = frozenset(f"{number:02d}".ljust(MAX_TEXT, "f") for number in range(MAX_ITEMS))
    creatures = tuple(
        Creature(
            f"{number:03d}".ljust(MAX_TEXT, "n"),
            Size.MEDIUM,
            Square(number % MAX_SIDE, number // MAX_SIDE),
            facing=0,
            side="s" * MAX_TEXT,
            features=features,
        )
        for number in range(MAX_CREATURES)
    )
    encounter = Encounter(grid, creatures)
    text = encounter_json(encounter)
    assert len(text) <= link.MAX_FILE
    assert parse_encounter_json(text) == encounter
    with pytest.raises(LinkError, match="over 256 kB when unpacked"):
        encounter_code(encounter)


def on_five(*creatures, **more):
    """An encounter on a 5x5 board of squares."""
    return Encounter(SquareGrid(5, 5), creatures, **more)


MINE = Ruleset("mine", "Mine", Arcs(30, 150), Arcs(30, 150), ("a", "b", "c"), "home")
"""A ruleset of the table's own, which no link carries."""


@pytest.mark.parametrize("write", [encounter_code, encounter_json])
@pytest.mark.parametrize(
    "encounter, message",
    [
        (Encounter(SquareGrid(MAX_SIDE + 1, 5)), "the board is 201x5 squares; the largest is 200x200"),
        (Encounter(HexGrid(5, 300)), "the board is 5x300 hexes; the largest is 200x200"),
        (on_five(medium("G" * 61, 0, 0)), "name has 61 characters; the longest is 60"),
        (on_five(medium("Kroh", 0, 0, level=1000)), "Kroh's level is 1000; it runs from 1 to 999"),
        (on_five(medium("Kroh\ud800", 0, 0)), "holds a broken character"),
        (
            on_five(medium("Kroh", 0, 0, features=frozenset(map(str, range(51))))),
            "Kroh's features hold 51 entries; the most is 50",
        ),
        (on_five(ruleset=MINE), r"its facing ruleset \(Mine\) is not one of ua, variant, none"),
    ],
)
def test_an_encounter_beyond_the_limits_is_refused_when_written(write, encounter, message):
    """What a link or file could not open is refused when written, saying what is too big."""
    prefix = "^This encounter cannot be put in a (link|file): .*"
    with pytest.raises(LinkError, match=prefix + message):
        write(encounter)


def test_the_largest_board_and_the_most_creatures_travel():
    """The limits themselves are allowed: a 200x200 board with 500 creatures opens."""
    grid = HexGrid(MAX_SIDE, MAX_SIDE, "pointy")
    creatures = tuple(
        Creature(f"Goblin {n}", Size.SMALL, grid.from_offset(n % MAX_SIDE, n // 3), facing=n % 6)
        for n in range(MAX_CREATURES)
    )
    encounter = Encounter(grid, creatures)
    assert parse_encounter_hash(encounter_hash(encounter)) == encounter


# Bad links, each with its message.


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "This link is not a Flankwise encounter"),
        ("#hello", "This link is not a Flankwise encounter"),
        ("#v0.eNqrVkpXsoo20DHVMdIx", r"This link is not a Flankwise encounter \(there is no v0\)"),
        ("#v7.anything", r"This link is from a newer version of Flankwise \(v7\); this page opens v1"),
        ("#v12.", r"This link is from a newer version of Flankwise \(v12\)"),
        ("#v1.", "This link is damaged: it ends early"),
        ("#v1.abc$def", "This link is damaged: it holds characters a Flankwise link never has"),
        ("#v1.abcde", "This link is damaged: it was cut or changed"),
        ("#v1.AAAAAAAA", r"This link is not a Flankwise encounter \(or its start was changed\)"),
        ("#v1." + "A" * (link.MAX_CODE + 1), r"This link is too large to open \(over 512 kB\)"),
    ],
)
def test_a_bad_hash_says_what_is_wrong(text, message):
    """Each kind of bad hash gets its own message."""
    with pytest.raises(LinkError, match="^" + message):
        parse_encounter_hash(text)


def test_a_cut_link_ends_early():
    """A link cut short anywhere past its start says it ends early (or was cut)."""
    code = encounter_code(skirmish())
    for end in range(4, len(code) - 4, 7):
        with pytest.raises(LinkError, match="This link is damaged: (it ends early|it was cut)"):
            parse_encounter_code(code[:end])


def test_a_changed_checksum_is_a_checksum_mismatch():
    """The zlib checksum covers the payload: a change that still unpacks is caught by it."""
    data = bytearray(data_of(encounter_code(skirmish())))
    data[-1] ^= 0x40
    code = base64url(bytes(data))
    with pytest.raises(LinkError, match=r"^This link is damaged: it was changed or cut \(checksum"):
        parse_encounter_code(code)


def test_extra_data_after_the_end_is_refused():
    """Bytes after the end of the packed payload mean the link was changed."""
    data = data_of(encounter_code(skirmish(4))) + b"more"
    with pytest.raises(LinkError, match="it goes on past its end"):
        parse_encounter_code(base64url(data))


@pytest.fixture(scope="module")
def bomb():
    """A code whose payload inflates to 100 MB of zeros (about 136,000 characters)."""
    packer = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    return base64url(b"".join(packer.compress(chunk) for _ in range(100)) + packer.flush())


def test_a_decompression_bomb_is_refused_fast(bomb):
    """Unpacking stops at 256 kB: a code that would inflate to 100 MB is refused well under a
    second, without the 100 MB ever being made."""
    start = time.perf_counter()
    with pytest.raises(LinkError, match=r"^This link is too large to open \(over 256 kB when unpacked"):
        parse_encounter_code(bomb)
    assert time.perf_counter() - start < 0.2


def test_a_payload_just_within_the_cap_is_read():
    """The cap is on the unpacked size, exactly: MAX_UNPACKED bytes are read (and refused only
    for what they hold), one more is too large."""
    filler = b'{"g":[0,1,1]}'
    at_cap = filler + b" " * (MAX_UNPACKED - len(filler))
    assert parse_encounter_code(packed(at_cap)) == Encounter(SquareGrid(1, 1))
    with pytest.raises(LinkError, match="too large"):
        parse_encounter_code(packed(at_cap + b" "))


def on_5x5(*creatures, **sections):
    """The sections of a 5x5 board of squares holding ``creatures`` (raw lists) and ``sections``."""
    return {"g": [0, 5, 5], "c": list(creatures), **sections}


KROH = ["Kroh", 4, 0, 0]
"""A Medium creature at square 0 facing north, as the code writes it."""

HASTE = ["Kroh", 4, 0, 0, "friend", 1, [], None, "none", 0, None, 0, 0, 1, None, [["Haste", 7]]]
"""Kroh with a speed modifier of 7 feet, every field before it at its default."""


@pytest.mark.parametrize(
    "sections, message",
    [
        ([1, 2], "This link is damaged: it holds no board"),
        ({"g": [0, 5000, 5000]}, "This link cannot be opened: the board is 5000x5000 squares; the largest is 200x200"),
        ({"g": [1, 300, 2]}, "This link cannot be opened: the board is 300x2 hexes"),
        ({"g": [0, 0, 5]}, "This link is damaged: A board needs at least one cell each way"),
        ({"g": [3, 5, 5]}, "This link is damaged: there is no board kind 3"),
        ({"g": [0, 5]}, "This link is damaged: its board is not a kind, a width and a height"),
        ({"g": [0, 5, 5], "x": []}, r"it has a part this page does not know \('x'\): it may come from a newer"),
        ({"g": [0, 5, 5], "c": {}}, "This link is damaged: its creatures are not a list"),
        ({"g": [0, 30, 30], "c": [KROH] * 501}, "This link cannot be opened: it has 501 creatures; the most is 500"),
        (on_5x5(["Kroh", 4]), "This link is damaged: Kroh lacks its anchor"),
        (on_5x5([7, 4, 0, 0]), "This link is damaged: creature 1's name is not text"),
        (on_5x5(["K" * 70, 4, 0, 0]), "cannot be opened: creature 1's name has 70 characters"),
        (on_5x5(["Kroh", 9, 0, 0]), "Kroh's size is not a size number from 0 to 8"),
        (on_5x5(["Kroh", 4, 25, 0]), "Kroh's anchor is not a cell number from 0 to 24"),
        (on_5x5(["Kroh", 4, 0, 8]), "Kroh's facing is not a direction number from 0 to 7"),
        (on_5x5(["Kroh", 4, 0, None]), "This link is damaged: Kroh is Medium and not faceless"),
        (on_5x5(KROH + ["friend", 5000]), "cannot be opened: Kroh's level is 5000; it runs from 1 to 999"),
        (on_5x5(KROH + ["friend", True]), "Kroh's level is not a whole number"),
        (on_5x5(KROH + ["friend", 1, [1]]), "Kroh's features number 1 is not text"),
        (on_5x5(KROH + [0] * 40), f"has 44 fields and this page knows {len(CREATURE_FIELDS)}"),
        (on_5x5(["Ogre", 5, 4, 0]), "This link is damaged: Ogre \\(Large\\) does not fit there"),
        (on_5x5(KROH, ["kroh", 4, 1, 0]), "Two creatures are named kroh"),
        (on_5x5(KROH, ["Goblin", 4, 0, 0]), "This link cannot be opened: Kroh and Goblin stand in the same space"),
        (on_5x5(KROH, ["Ogre", 5, 0, 0]), "This link cannot be opened: Kroh and Ogre stand in the same space"),
        (on_5x5(r="sideways"), "This link is damaged: There is no facing ruleset 'sideways'"),
        (on_5x5(o="no_such_rule"), "This link is damaged: There is no option called 'no_such_rule'"),
        (on_5x5(o="flanked_penalty=" + "9" * 5000), f"its options are over {link._LONGEST_OPTIONS} characters"),
        (on_5x5(HASTE), "Haste changes speed by whole 5-foot squares"),
    ],
)
def test_a_bad_payload_says_what_is_wrong(sections, message):
    """A well-packed payload holding something wrong names what is wrong, in the player's words;
    the rules' own checks (a board of no cells, a creature off the board, two of one name)
    speak through the link's message."""
    with pytest.raises(LinkError, match=message):
        parse_encounter_code(code_of(sections))


def test_a_file_with_two_creatures_in_one_space_is_refused_naming_them():
    """Issue 13: a JSON file may not put two creatures in one space either; the message names
    both and the rule ("Ending Your Movement")."""
    two = json.loads(encounter_json(Encounter(SquareGrid(5, 5), (medium("Kroh", 1, 1, 0), medium("Goblin", 2, 2, 0)))))
    two["creatures"][1]["anchor"] = {"x": 1, "y": 1}
    with pytest.raises(LinkError, match="This file cannot be opened: Kroh and Goblin stand in the same space.*Ending Your Movement"):
        parse_encounter_json(json.dumps(two))


def test_a_squeezed_creature_cannot_smuggle_a_bad_facing():
    """A squeezed creature's cells skip the footprint's facing check; the link checks it."""
    ogre = Creature("Ogre", Size.LARGE, Square(0, 0), facing=2, squeezed_to=(1, 2))
    corridor = Terrain.build({Square(1, row): "blocking" for row in range(6)})
    good = Encounter(SquareGrid(6, 6), (ogre,), terrain=corridor)
    assert parse_encounter_code(encounter_code(good)) == good
    sections = json.loads(unpacked(encounter_code(good)))
    sections["c"][0][3] = 99
    with pytest.raises(LinkError, match="Ogre's facing is not a direction number from 0 to 7"):
        parse_encounter_code(code_of(sections))


def test_messages_stay_short():
    """A hostile link cannot stuff a huge value into the page's message."""
    with pytest.raises(LinkError) as caught:
        parse_encounter_code(code_of({"g": [0, 5, 5], "r": "x" * 100_000}))
    assert len(str(caught.value)) <= 300


def test_non_text_is_not_a_link():
    """Whatever the page hands over, the answer is a LinkError."""
    for value in (None, 7, b"#v1.abc", ["#v1."]):
        with pytest.raises(LinkError, match="not a Flankwise encounter"):
            parse_encounter_hash(value)
        with pytest.raises(LinkError, match="not a Flankwise encounter"):
            parse_encounter_code(value)
        with pytest.raises(LinkError, match="not a Flankwise encounter"):
            parse_encounter_json(value)


# Bad files.


def document_of(encounter, **changes):
    """The JSON file of ``encounter`` as an object, with ``changes`` to its parts."""
    document = json.loads(encounter_json(encounter))
    document.update(changes)
    return json.dumps(document)


def file_with(grid, **parts):
    """A version 1 file with this ``grid`` object and other ``parts``."""
    return json.dumps({"flankwise": 1, "grid": grid, **parts})


SQUARES = {"kind": "square", "width": 5, "height": 5}


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", r"This file is not a Flankwise encounter \(it is not JSON\)"),
        ("[1, 2]", "This file is not a Flankwise encounter"),
        ('{"grid": {}}', "This file is not a Flankwise encounter"),
        ('{"flankwise": 2}', r"This file is from a newer version of Flankwise \(v2\); this page opens v1 files"),
        ('{"flankwise": true}', r"This file is not a Flankwise encounter \(its version is True\)"),
        ('{"flankwise": 1}', "This file is damaged: it has no grid"),
        (file_with(SQUARES, notes=""), r"This file is damaged: it has a part this page does not know \('notes'\)"),
        (file_with({"kind": "hex", "width": 5, "height": 5}), "This file is damaged: its grid is not"),
        (file_with(dict(SQUARES, kind="hex", orientation="round")), "its hexes are not \"flat\" or \"pointy\""),
        (file_with(dict(SQUARES, width=999)), "This file cannot be opened: the board is 999x5 squares"),
        (file_with(dict(SQUARES, width="5")), "its grid's width and height are not whole numbers"),
    ],
)
def test_a_bad_file_says_what_is_wrong(text, message):
    """Each kind of bad file gets its own message."""
    with pytest.raises(LinkError, match=message):
        parse_encounter_json(text)


def test_a_file_over_the_cap_is_refused_unread():
    """A file over ``MAX_FILE`` characters is refused by its length alone."""
    with pytest.raises(LinkError, match=r"^This file is too large to open \(over 36 MB\)$"):
        parse_encounter_json(" " * (link.MAX_FILE + 1))


KROH_IN_FILE = {"name": "Kroh", "size": "Medium", "anchor": {"x": 1, "y": 1}, "facing": "N"}
"""A Medium creature as the file writes it."""


@pytest.mark.parametrize(
    "creature, message",
    [
        (dict(KROH_IN_FILE, speed=33), "Kroh's speed is a whole number of 5-foot squares"),
        (dict(KROH_IN_FILE, facing="up"), "There is no facing 'up' on a square grid"),
        (dict(KROH_IN_FILE, size="Huge-ish"), "There is no size 'Huge-ish'"),
        (dict(KROH_IN_FILE, size=4), 'Kroh\'s size is not a size name such as "Medium"'),
        (dict(KROH_IN_FILE, anchor=[1, 1]), 'Kroh\'s anchor is not a cell such as {"x": 3, "y": 4}'),
        (dict(KROH_IN_FILE, anchor={"x": 9, "y": 1}), "Kroh \\(Medium\\) does not fit there"),
        (dict(KROH_IN_FILE, flying=1), "Kroh's flying is not true or false"),
        (dict(KROH_IN_FILE, mood="grim"), r"creature 1 has a field this page does not know \('mood'\)"),
        ({"size": "Medium", "anchor": {"x": 1, "y": 1}}, "creature 1 lacks its name"),
    ],
)
def test_a_bad_creature_in_a_file_says_what_is_wrong(creature, message):
    """A hand-edited creature names its mistake."""
    text = document_of(Encounter(SquareGrid(5, 5)), creatures=[creature])
    with pytest.raises(LinkError, match=message):
        parse_encounter_json(text)


def test_a_file_may_leave_out_what_is_at_its_default():
    """A hand-written file needs only the grid and each creature's name, size and anchor (and
    facing, if it has one)."""
    text = json.dumps(
        {
            "flankwise": 1,
            "grid": {"kind": "hex", "width": 8, "height": 8, "orientation": "pointy"},
            "creatures": [{"name": "Wisp", "size": "Tiny", "anchor": {"q": 2, "r": 3}}],
            "options": {"shields": True},
        }
    )
    assert parse_encounter_json(text) == Encounter(
        HexGrid(8, 8, "pointy"),
        (Creature("Wisp", Size.TINY, Hex(2, 3)),),
        options=set_option(DEFAULT_OPTIONS, "shields", True),
    )


def test_the_file_names_sizes_facings_and_cells():
    """The file is for people: sizes, facings and cells by name, defaults left out, options all
    listed."""
    encounter = Encounter(
        HexGrid(8, 8, "flat"),
        (Creature("Ogre", Size.LARGE, Hex(3, 2), facing=1, side="foe"),),
        NO_FACING,
    )
    document = json.loads(encounter_json(encounter))
    assert document["grid"] == {"kind": "hex", "width": 8, "height": 8, "orientation": "flat"}
    ogre = {"name": "Ogre", "size": "Large", "anchor": {"q": 3, "r": 2}, "facing": "E", "side": "foe"}
    assert document["creatures"] == [ogre]
    assert document["ruleset"] == "none"
    assert set(document["options"]) == {field.name for field in fields(Options)}


# Fuzz: whatever comes in, an encounter or a LinkError comes out.


def opens_or_refuses(parse, text):
    """``parse(text)`` returns an encounter, which a link and a file carry again, or raises
    ``LinkError`` with a short message; anything else fails the test."""
    try:
        encounter = parse(text)
    except LinkError as error:
        assert str(error).startswith("This ") and len(str(error)) <= 300
    else:
        assert isinstance(encounter, Encounter)
        assert parse_encounter_code(encounter_code(encounter)) == encounter
        assert parse_encounter_json(encounter_json(encounter)) == encounter


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

JSON_LEAVES = st.none() | st.booleans() | st.integers(-10, 600) | st.integers() | st.floats() | st.text(max_size=8)

JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=8,
)


def nodes(tree, path=()):
    """Every path into a JSON tree, the root first."""
    yield path
    if isinstance(tree, list):
        for index, child in enumerate(tree):
            yield from nodes(child, path + (index,))
    elif isinstance(tree, dict):
        for key, child in tree.items():
            yield from nodes(child, path + (key,))


def with_replaced(tree, path, value):
    """A copy of ``tree`` with the node at ``path`` replaced by ``value``."""
    if not path:
        return value
    copy = list(tree) if isinstance(tree, list) else dict(tree)
    copy[path[0]] = with_replaced(tree[path[0]], path[1:], value)
    return copy


@FUZZ
@given(encounters(most=4), st.data())
def test_fuzz_changed_characters(encounter, data):
    """Characters of a code replaced, inserted or deleted at random."""
    code = list(encounter_code(encounter))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(code)))
        action = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        character = data.draw(st.sampled_from(ALPHABET + "=.+/# \u00e9"))
        if action == "insert":
            code.insert(where, character)
        elif where < len(code):
            code[where : where + 1] = [character] if action == "replace" else []
    opens_or_refuses(parse_encounter_code, "".join(code))


@FUZZ
@given(encounters(most=4), st.data())
def test_fuzz_cut_codes(encounter, data):
    """A code cut anywhere, from either end."""
    code = encounter_code(encounter)
    start = data.draw(st.integers(0, len(code)))
    end = data.draw(st.integers(start, len(code)))
    opens_or_refuses(parse_encounter_code, code[start:end])


@settings(FUZZ, max_examples=200)
@given(st.text(max_size=200) | st.text(ALPHABET, max_size=200) | st.binary(max_size=150).map(packed))
def test_fuzz_random_codes(text):
    """Random text, random base64url, and random bytes packed as a real code."""
    opens_or_refuses(parse_encounter_code, text)
    opens_or_refuses(parse_encounter_hash, "#v1." + text)


@FUZZ
@given(encounters(most=4), st.data())
def test_fuzz_flipped_payload_bytes(encounter, data):
    """Bytes of the unpacked payload changed, then packed again with a valid checksum, so the
    reader's own checks meet them."""
    payload = bytearray(unpacked(encounter_code(encounter)))
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(payload) - 1))
        payload[where] = data.draw(st.integers(0, 255) | st.sampled_from(b'[]{},:"0123456789-'))
    opens_or_refuses(parse_encounter_code, packed(bytes(payload)))


@FUZZ
@given(encounters(most=4), st.data())
def test_fuzz_replaced_payload_values(encounter, data):
    """A value anywhere in the payload's JSON (a section, a creature, a field) replaced by any
    JSON value, packed as a real code."""
    sections = json.loads(unpacked(encounter_code(encounter)))
    paths = list(nodes(sections))
    path = paths[data.draw(st.integers(0, len(paths) - 1))]
    changed = with_replaced(sections, path, data.draw(JSON_VALUES))
    opens_or_refuses(parse_encounter_code, code_of(changed))


@FUZZ
@given(encounters(most=4), st.data())
def test_fuzz_replaced_file_values(encounter, data):
    """A value anywhere in the readable file replaced by any JSON value."""
    document = json.loads(encounter_json(encounter))
    paths = list(nodes(document))
    path = paths[data.draw(st.integers(0, len(paths) - 1))]
    text = json.dumps(with_replaced(document, path, data.draw(JSON_VALUES)))
    opens_or_refuses(parse_encounter_json, text)


# House style.




def test_link_errors_are_rules_errors():
    """The one error of this module is a RulesError, so the page shows its message as it is."""
    assert issubclass(LinkError, RulesError) and issubclass(LinkError, ValueError)


# Combat stats and the round (issue 8).


def fighting_skirmish():
    """The budget's skirmish with the party's combat stats and round 1 begun, the party's side
    having won initiative."""
    from rules.combatant import CombatStats
    from rules.round import new_round

    encounter = skirmish()
    party = {
        "Kroh": CombatStats(attack_bonus=9, armor_class=17, damage="1d12+4", is_fighter=True,
                            is_fighting_class=True, action="long weapon"),
        "Aelis": CombatStats(attack_bonus=8, armor_class=16, damage="1d6+1", stance="active attack"),
        "Brother Tam": CombatStats(attack_bonus=6, armor_class=20, shield="large shield", shield_bonus=2),
        "Vessa": CombatStats(attack_bonus=7, armor_class=18, damage="1d8", action="short weapon"),
    }
    for name, stats in party.items():
        encounter = encounter.with_stats(name, stats)
    return encounter.with_round(new_round(encounter, encounter.stats_map(), "friend"))


def test_stats_and_the_round_travel_in_links_and_files():
    """A link and a file carry each creature's combat stats and the round under way."""
    encounter = fighting_skirmish()
    assert parse_encounter_hash(encounter_hash(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    document = json.loads(encounter_json(encounter))
    assert document["stats"][0] == {"name": "Aelis", "attack_bonus": 8, "armor_class": 16,
                                    "damage": "1d6+1", "stance": "active attack"}
    assert document["round"]["initiative_winner"] == "friend"
    assert document["round"]["log"] == ["Round 1: friend has initiative"]


def test_the_budget_case_with_stats_and_a_round_still_fits():
    """Issue 9's budget holds with the party's stats and a round begun: 1,000 characters."""
    assert len(encounter_hash(fighting_skirmish())) <= 1000


def test_stats_and_round_at_their_default_are_left_out():
    """No stats and a fresh round write no section, so older v1 links read the same."""
    from rules.combatant import CombatStats
    from rules.round import RoundState

    encounter = on_five(medium("Kroh", 0, 0))
    same = replace(encounter, stats=(("Kroh", CombatStats()),), round=RoundState())
    assert same == encounter
    assert set(json.loads(unpacked(encounter_code(same)))) == {"g", "c"}
    assert "stats" not in json.loads(encounter_json(same)) and "round" not in json.loads(encounter_json(same))


def test_the_stats_and_round_rows_keep_their_order():
    """The v1 wire order of the combat stats and the round: appending is the only change."""
    from rules.combatant import CombatStats
    from rules.round import RoundState

    assert [row.name for row in stats_fields()] == [field.name for field in fields(CombatStats)]
    assert [row.name for row in round_fields()] == [field.name for field in fields(RoundState)]
    assert stats_record().kind is CombatStats and round_record().kind is RoundState


@pytest.mark.parametrize(
    "sections, message",
    [
        (on_5x5(KROH, s={}), "This link is damaged: its combat stats are not a list"),
        (on_5x5(KROH, s=[[7]]), "an entry of its combat stats has no name"),
        (on_5x5(KROH, s=[["Goblin", 3]]), "There are combat stats for Goblin, who is not on the board"),
        (on_5x5(KROH, s=[["Kroh", 3], ["kroh", 4]]), "kroh has combat stats twice"),
        (on_5x5(KROH, s=[["Kroh", 3, 10, 7]]), "Kroh's shield is not a number from 0 to 2"),
        (on_5x5(KROH, s=[["Kroh", 3000]]), "cannot be opened: Kroh's attack bonus is 3000"),
        (on_5x5(KROH, s=[["Kroh", 0, 10, 0, 3]]), "A shield bonus of 3 needs a shield"),
        (on_5x5(KROH, s=[["Kroh", 0, 10, 0, 0, "", "2x6"]]), "2x6"),
        (on_5x5(KROH, n={}), "the round is not a list of fields"),
        (on_5x5(KROH, n=["foe"]), "No creature on the board is on the side 'foe'"),
        (on_5x5(KROH, n=[None, 0]), "the round's number is 0; it runs from 1 to 9999"),
        (on_5x5(KROH, n=[None, 1, 0, [["Goblin", 0]]]), "The round names Goblin, who is not on the board"),
        (on_5x5(KROH, n=[None, 1, 0, [["Kroh", 99]]]), "Kroh's entry is not a number from 0 to 9"),
        (on_5x5(KROH, n=[None, 1, 0, [], [["Kroh", [0, 1]]]]), "Only a creature that moved can be ending its move"),
        (on_5x5(KROH, n=[None, 1, 0, [], [], ["x" * 401]]), "has 401 characters; the longest is 400"),
    ],
)
def test_bad_stats_or_round_say_what_is_wrong(sections, message):
    """A damaged stats or round section names what is wrong, in the player's words."""
    with pytest.raises(LinkError, match=message):
        parse_encounter_code(code_of(sections))


@pytest.mark.parametrize(
    "part, message",
    [
        ({"stats": [{"attack_bonus": 2}]}, "an entry of its combat stats has no name"),
        ({"stats": [{"name": "Kroh", "stance": "sideways"}]}, "Kroh's stance is not one of"),
        ({"stats": [{"name": "Kroh", "wings": 2}]}, r"has a field this page does not know \('wings'\)"),
        ({"round": {"actions": [["Kroh", "Juggling"]]}}, "Kroh's entry is not one of"),
        ({"round": {"turn_states": [["Kroh", {"moved": "yes"}]]}}, "is not true or false"),
    ],
)
def test_bad_stats_or_round_in_a_file_say_what_is_wrong(part, message):
    """A hand-edited file's stats or round names its mistake."""
    text = document_of(on_five(medium("Kroh", 0, 0)), **part)
    with pytest.raises(LinkError, match=message):
        parse_encounter_json(text)


def test_pairs_and_choices_travel_both_ways():
    """The two codecs the stats and the round add: a name with a value, a member of a list."""
    from rules.stances import Stance

    where = link.Where(SquareGrid(2, 2), {}, "the test")
    pair = Pair(Choice(Stance))
    assert pair.pack(("Kroh", Stance.FULL_ATTACK), where) == ["Kroh", 4]
    assert pair.unpack(["Kroh", 4], where) == ("Kroh", Stance.FULL_ATTACK)
    assert pair.show(("Kroh", Stance.FULL_ATTACK), where) == ["Kroh", "full attack"]
    assert pair.read(["Kroh", "full attack"], where) == ("Kroh", Stance.FULL_ATTACK)
    with pytest.raises(link._Damaged, match="is not a name and a value"):
        pair.unpack(["Kroh"], where)
