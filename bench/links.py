"""Link lengths: how long the URL hash of a few typical encounters is, for the README.

Issue 9's budget is a 20-token encounter on a 40x30 board in at most 1,000 characters of hash.
``typical_encounters`` builds the encounters a table plays (a party of four against a band of
goblins and worse, placed apart, with the fields a player sets: sides, levels, feats, races and
armour, a shield, a Large brute) on terrain (patches of rubble, pillars, a pit, a wall with a
gap) from a fixed seed, so the numbers repeat. It prints each
one's hash length and the size of its JSON file. Run it with ``python bench/links.py``. It is a
benchmark, not a test.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from rules.creature import Creature  # noqa: E402
from rules.encounter import Encounter  # noqa: E402
from rules.grid import HexGrid, SquareGrid  # noqa: E402
from rules.link import encounter_hash, encounter_json  # noqa: E402
from rules.options import DEFAULT_OPTIONS, set_option  # noqa: E402
from rules.sizes import Size, facing_names  # noqa: E402
from rules.terrain import Terrain  # noqa: E402
from rules.zones import UA_FACING, VARIANT  # noqa: E402

PARTY = (
    dict(name="Kroh", race="half-orc", armour="medium", level=6,
         features=frozenset({"Power Attack", "Cleave"})),
    dict(name="Aelis", race="elf", armour="light", level=6, rogue_level=6,
         features=frozenset({"Improved Uncanny Dodge"})),
    dict(name="Brother Tam", race="human", armour="heavy", level=6, shield_side="left"),
    dict(name="Vessa", race="halfling", level=6,
         features=frozenset({"Combat Reflexes", "Dodge", "Mobility"})),
)
"""The heroes, as a player fills them in."""

FOES = (
    dict(name="Ogre", size=Size.LARGE, level=4, reach_weapon=True),
    dict(name="Hobgoblin captain", level=3, armour="medium", shield_side="left"),
    dict(name="Worg", level=4, long=True, features=frozenset({"Trip"})),
)
"""The named foes; the rest of a band are numbered goblins and hobgoblins."""


def _band(count: int) -> list[dict]:
    """``count`` creatures: the party, the named foes, then numbered goblins and hobgoblins."""
    people = [dict(entry, side="friend") for entry in PARTY]
    people += [dict(entry, side="foe") for entry in FOES]
    number = 1
    while len(people) < count:
        kind = "Goblin" if number % 3 else "Hobgoblin"
        size = Size.SMALL if kind == "Goblin" else Size.MEDIUM
        people.append(dict(name=f"{kind} {number}", side="foe", size=size))
        number += 1
    return people[:count]


def skirmish(count: int, grid, seed: int = 9) -> tuple:
    """``count`` creatures of ``_band`` placed apart on ``grid``, each facing a random way."""
    rng = random.Random(seed)
    taken, creatures = set(), []
    for entry in _band(count):
        size = entry.pop("size", Size.MEDIUM)
        facing_count = len(facing_names(size, grid))
        while True:
            anchor = rng.choice(grid.cells())
            facing = rng.randrange(facing_count)
            creature = Creature(size=size, anchor=anchor, facing=facing, **entry)
            cells = set(creature.cells(grid))
            if all(grid.contains(cell) for cell in cells) and not cells & taken:
                break
        taken |= cells
        creatures.append(creature)
    return tuple(creatures)


def dungeon(grid, seed: int = 4) -> Terrain:
    """Terrain a table draws: a few patches of rubble (difficult), pillars, a pit, and a wall
    down the middle with a gap (squares only), about a tenth of the board."""
    rng = random.Random(seed)
    ground = {}
    for _ in range(4):
        col, row = rng.randrange(grid.width - 6), rng.randrange(grid.height - 5)
        for c in range(col, col + rng.randint(3, 6)):
            for r in range(row, row + rng.randint(2, 5)):
                ground[grid.from_offset(c, r)] = "difficult"
    for _ in range(4):
        ground[grid.from_offset(rng.randrange(grid.width), rng.randrange(grid.height))] = "blocking"
    ground[grid.from_offset(grid.width // 3, grid.height // 2)] = "pit"
    walls = {}
    if grid.kind == "square":
        middle = grid.width // 2
        walls = {(grid.from_offset(middle, r), grid.from_offset(middle + 1, r)): "wall"
                 for r in range(grid.height) if r != grid.height // 2}
    return Terrain.build(ground, walls)


def typical_encounters() -> list[tuple[str, Encounter]]:
    """``(label, encounter)`` for a few encounters of the sizes tables play."""
    shields = set_option(DEFAULT_OPTIONS, "shields", True)
    small, middle = SquareGrid(20, 20), SquareGrid(40, 30)
    hexes, large = HexGrid(60, 60, "flat"), SquareGrid(100, 100)
    return [
        ("4 tokens on 20x20 squares", Encounter(small, skirmish(4, small))),
        ("20 tokens on 40x30 squares, with terrain", with_terrain(Encounter(middle, skirmish(20, middle), UA_FACING, shields))),
        ("40 tokens on 60x60 flat hexes, with terrain", with_terrain(Encounter(hexes, skirmish(40, hexes), VARIANT, shields))),
        ("100 tokens on 100x100 squares", Encounter(large, skirmish(100, large))),
    ]


def with_terrain(encounter: Encounter) -> Encounter:
    """``encounter`` on ``dungeon`` terrain, without the ground under its creatures."""
    under = {cell for creature in encounter.creatures for cell in creature.cells(encounter.grid)}
    terrain = dungeon(encounter.grid)
    ground = tuple((cell, kinds) for cell, kinds in terrain.cells if cell not in under)
    return Encounter(encounter.grid, encounter.creatures, encounter.ruleset, encounter.options,
                     Terrain(ground, terrain.edges))


def main() -> None:
    """Print each typical encounter's hash length and JSON file size."""
    for label, encounter in typical_encounters():
        print(
            f"{label}: hash {len(encounter_hash(encounter))} characters, "
            f"JSON file {len(encounter_json(encounter).encode('utf-8'))} bytes"
        )


if __name__ == "__main__":
    main()
