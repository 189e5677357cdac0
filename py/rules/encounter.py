"""The encounter: the whole state of one battle map, as one frozen value.

An ``Encounter`` holds the board (its grid) and its terrain, every creature on it, the facing
ruleset and the table's optional rules, how each creature fights (its ``CombatStats``) and the
round under way (``rules.round.RoundState``), and the spell areas left on the board as markers
(``rules.areas.Template``). It is what the page draws, what a shared link
encodes and what undo steps back through: every change makes a new ``Encounter`` (``place``,
``replace``, ``remove``) and leaves the old one as it was. Creature names are unique within an
encounter, so a name identifies a token on the board, in the attack panel and in a link; the
stats and the round follow a creature renamed or removed.

The combat stats and the round are checked with the rules modules that define them, imported
only when an encounter has either: a board without them (the first frame) does not load the
combat rules.
"""

import math
from dataclasses import dataclass, replace as _replace
from functools import cached_property, lru_cache

from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import Grid, Hex, Square
from rules.sizes import facing_names, facing_vector
from rules.terrain import NO_TERRAIN, Terrain
from rules.options import DEFAULT_OPTIONS, Options
from rules.placement import PlacementError, crowding, settle, standing_problem
from rules.zones import UA_FACING, Ruleset, with_readings


class EncounterError(RulesError):
    """A change the encounter cannot take: a name used twice, a creature that isn't there."""


@dataclass(frozen=True)
class Encounter:
    """A board (``grid``), its ``creatures`` in drawing order, the ``ruleset``, ``options`` and
    ``terrain`` (ground and walls, ``rules.terrain``), the ``stats`` and the ``round``.

    ``stats`` pairs creature names with their ``rules.combatant.CombatStats``, as
    ``((name, stats), ...)`` sorted by name; a creature left out has ``CombatStats()``, and a
    pair holding ``CombatStats()`` is left out, so equal tables compare equal (``stats_of`` reads
    one). ``round`` is the round under way, a ``rules.round.RoundState``, or ``None`` for a fresh
    round not yet begun (``round_state`` reads it; ``RoundState()`` given is kept as ``None``).
    Every name in the stats and the round is a creature on the board, and the side that won
    initiative is a side someone is on. ``areas`` are the spell areas kept on the board as
    markers for the round (a cloud, a concentration spell), each a ``rules.areas.Template``
    whose point of origin is on the board, in the order they were laid. ``conditions`` are the
    conditions applied to creatures on the board (``rules.conditions.AppliedCondition``, with
    their durations), in the order they were applied; ``conditions_of`` reads a creature's.
    ``backdrop`` is the map image under the grid (``rules.backdrop.Backdrop``: which image and
    how it lies on the board, never its pixels), or ``None``; a new board keeps it.
    ``dropped`` are the weapons and shields knocked onto the board (``rules.dropped``), each
    lying on a cell of it until picked up.
    """

    grid: Grid
    creatures: tuple = ()
    ruleset: Ruleset = UA_FACING
    options: Options = DEFAULT_OPTIONS
    terrain: Terrain = NO_TERRAIN
    stats: tuple = ()
    round: object = None
    areas: tuple = ()
    conditions: tuple = ()
    backdrop: object = None
    dropped: tuple = ()

    def __post_init__(self):
        if not isinstance(self.grid, Grid):
            raise EncounterError(f"An encounter needs a square or hex board, not {self.grid!r}.")
        if not isinstance(self.creatures, tuple) or not all(isinstance(c, Creature) for c in self.creatures):
            raise EncounterError("An encounter's creatures are a tuple of Creature values.")
        if not isinstance(self.ruleset, Ruleset):
            raise EncounterError(f"An encounter needs a facing ruleset, not {self.ruleset!r}.")
        if not isinstance(self.options, Options):
            raise EncounterError(f"An encounter needs its table options, not {self.options!r}.")
        if not isinstance(self.terrain, Terrain):
            raise EncounterError(f"An encounter's terrain is a Terrain value, not {self.terrain!r}.")
        self.terrain.check(self.grid)
        seen = set()
        for creature in self.creatures:
            key = creature.name.casefold()
            if key in seen:
                raise EncounterError(f"Two creatures are named {creature.name}: give each its own name.")
            seen.add(key)
            _check(creature, self.grid)
        if self.terrain.cells or self.terrain.edges or any(c.squeezed_to is not None for c in self.creatures):
            for creature in self.creatures:
                problem = standing_problem(creature, self.grid, self.terrain)
                if problem:
                    raise PlacementError(problem + ".")
        if self.stats:
            object.__setattr__(self, "stats", _checked_stats(self.stats, self._spelling()))
        if self.round is not None:
            object.__setattr__(self, "round", _checked_round(self.round, self._spelling(), self._sides()))
        if self.areas:
            _check_areas(self.areas, self.grid)
        if self.conditions:
            object.__setattr__(self, "conditions", _checked_conditions(self.conditions, self._spelling()))
        problem = crowding(self._as_placed(), self.grid)
        if problem:
            raise PlacementError(problem + ".")
        if self.dropped:
            from rules.dropped import check_dropped

            check_dropped(self.dropped, self.grid)
        if self.backdrop is not None:
            from rules.backdrop import Backdrop

            if not isinstance(self.backdrop, Backdrop):
                raise EncounterError(f"An encounter's map image is a Backdrop value, not {self.backdrop!r}.")

    def _as_placed(self) -> tuple:
        """The creatures as the placement rules judge them: one whose conditions leave it
        helpless (``bystanders``) may share its space, as a ``helpless`` one may."""
        if not (self.conditions or self.stats):
            return self.creatures
        from rules.combatant import vitals_of
        from rules.conditions import can_be_moved_through

        helpless = {each.creature.casefold() for each in self.conditions if can_be_moved_through((each.condition,))}
        for name, stats in self.stats:
            vitals = vitals_of(stats)
            if vitals is not None and can_be_moved_through(vitals.conditions):
                helpless.add(name.casefold())
        if not helpless:
            return self.creatures
        return tuple(
            _replace(creature, helpless=True) if creature.name.casefold() in helpless else creature
            for creature in self.creatures
        )

    def _spelling(self) -> dict:
        """Each creature's name as written, by its case-folded form."""
        return {creature.name.casefold(): creature.name for creature in self.creatures}

    def _sides(self) -> set:
        """The sides some creature on the board is on."""
        return {creature.side for creature in self.creatures}

    def stats_of(self, name: str):
        """The ``CombatStats`` of the creature called ``name`` (any case): ``CombatStats()`` for
        one the table has not described."""
        from rules.combatant import DEFAULT_STATS

        key = name.casefold()
        for other, stats in self.stats:
            if other.casefold() == key:
                return stats
        return DEFAULT_STATS

    def stats_map(self) -> dict:
        """The stats as a mapping from names, as ``rules.combatant.stats_for`` and the attack
        and round views read them."""
        return dict(self.stats)

    def with_stats(self, name: str, stats) -> "Encounter":
        """This encounter with the creature called ``name`` fighting with ``stats``."""
        creature = self.creature(name)
        kept = tuple(pair for pair in self.stats if pair[0].casefold() != creature.name.casefold())
        return _replace(self, stats=kept + ((creature.name, stats),))

    def round_state(self):
        """The round under way: ``self.round``, or a fresh ``RoundState()`` before one begins."""
        if self.round is not None:
            return self.round
        from rules.round import RoundState

        return RoundState()

    def with_round(self, round_state) -> "Encounter":
        """This encounter with ``round_state`` as the round under way."""
        return _replace(self, round=round_state)

    def names(self) -> tuple:
        """The creatures' names, in drawing order."""
        return tuple(creature.name for creature in self.creatures)

    def creature(self, name: str) -> Creature:
        """The creature called ``name`` (any case)."""
        return self.creatures[self._index(name)]

    def _index(self, name: str) -> int:
        key = name.casefold()
        for index, creature in enumerate(self.creatures):
            if creature.name.casefold() == key:
                return index
        raise EncounterError(f"There is no creature named {name} on this board.")

    def place(self, creature: Creature) -> "Encounter":
        """This encounter with ``creature`` added on top."""
        return _replace(self, creatures=self.creatures + (creature,))

    def replace(self, name: str, creature: Creature) -> "Encounter":
        """This encounter with the creature called ``name`` replaced by ``creature``.

        A new name carries the creature's stats and round entries with it; a new side that
        leaves the initiative winner's side empty makes the initiative a tie.
        """
        index = self._index(name)
        creatures = self.creatures[:index] + (creature,) + self.creatures[index + 1 :]
        return self._tidied(creatures, {self.creatures[index].name.casefold(): creature.name})

    def remove(self, name: str) -> "Encounter":
        """This encounter without the creature called ``name``, its stats and its round entries;
        if it was the last on the side that won initiative, the initiative is a tie."""
        index = self._index(name)
        return self._tidied(self.creatures[:index] + self.creatures[index + 1 :], {self.creatures[index].name.casefold(): None})

    def _tidied(self, creatures: tuple, renamed: dict) -> "Encounter":
        """This encounter with ``creatures``, its stats and round following ``renamed`` (old
        case-folded name to the new name, ``None`` for one removed)."""
        if not self.stats and self.round is None and not self.conditions:
            return _replace(self, creatures=creatures)

        def name_of(name):
            return renamed.get(name.casefold(), name)

        def follow(pairs):
            return tuple((name_of(name), value) for name, value in pairs if name_of(name) is not None)

        stats = follow(self.stats)
        round_state = self.round
        if round_state is not None:
            sides = {creature.side for creature in creatures}
            winner = round_state.initiative_winner if round_state.initiative_winner in sides else None
            round_state = _replace(
                round_state,
                initiative_winner=winner,
                actions=follow(round_state.actions),
                turn_states=follow(round_state.turn_states),
                initiatives=follow(round_state.initiatives),
            )
        conditions = tuple(
            _replace(each, creature=name_of(each.creature),
                     duration=_follow_duration(each.duration, name_of))
            for each in self.conditions if name_of(each.creature) is not None
        )
        return _replace(self, creatures=creatures, stats=stats, round=round_state, conditions=conditions)

    def conditions_of(self, name: str) -> tuple:
        """The names of the conditions on the creature called ``name``: those applied to it
        (``conditions``) and those its hit points put it in (``rules.health``: disabled, dying,
        dead), and flat-footed while it has not yet acted (``not_yet_acted``), each once."""
        return self._conditions_by_name.get(name.casefold(), ())

    @cached_property
    def _conditions_by_name(self) -> dict:
        """Every creature's ``conditions_of``, by case-folded name, worked out in one pass once
        per encounter (the board asks for all of them on every pointer move)."""
        found = {}
        for each in self.conditions:
            names = found.setdefault(each.creature.casefold(), [])
            if each.condition not in names:
                names.append(each.condition)
        if self.stats:
            from rules.combatant import vitals_of

            for name, stats in self.stats:
                vitals = vitals_of(stats)
                if vitals is not None:
                    names = found.setdefault(name.casefold(), [])
                    names += [state for state in vitals.conditions if state not in names]
        for key in self.not_yet_acted:
            names = found.setdefault(key, [])
            if "flat-footed" not in names:
                names.append("flat-footed")
        return {key: tuple(names) for key, names in found.items() if names}

    @cached_property
    def not_yet_acted(self) -> frozenset:
        """The case-folded names of the creatures flat-footed because they have not yet acted
        in the fight (``rules.round.flat_footed_names``: the option
        ``flat_footed_until_first_turn``, initiative rolled, round 1, a turn still to come);
        worked out once per encounter."""
        if self.round is None or not self.round.initiatives:
            return frozenset()
        from rules.round import flat_footed_names

        try:
            return flat_footed_names(self, self.stats_map(), self.round)
        except RulesError:
            # An order the tracker cannot make (a caster yet to declare) says so there.
            return frozenset()

    def mover(self, name: str) -> Creature:
        """The creature called ``name`` as its conditions let it move (``rules.conditions.
        movement_ruling``): its speed lowered by one modifier per line of the ruling that has a
        value ("Hindered, speed 5 ft.", "Entangled, half speed"), so the movement rules price
        and explain the move with them, and a 0 ft modifier of the kind
        ``rules.movement.NO_RUN_OR_CHARGE`` when they forbid a run or a charge ("Entangled: it
        cannot run or charge"). The board keeps the creature as it is
        (``creature``); a move's end is put back with its own modifiers."""
        creature = self.creature(name)
        names = self.conditions_of(name)
        if not names:
            return creature
        from rules.conditions import movement_ruling
        from rules.itemise import total
        from rules.speed import SpeedModifier, speed_items

        speed = total(speed_items(creature.speed, creature.armour, creature.race, creature.speed_modifiers))
        ruling = movement_ruling(names, max(0, speed))
        lowered = tuple(SpeedModifier(item.reason.rstrip("."), item.value) for item in ruling.items
                        if item.value)
        if not ruling.can_move and speed > 0:
            lowered += (SpeedModifier(ruling.items[-1].reason, -max(0, speed + sum(m.feet for m in lowered))),)
        elif not ruling.can_run_or_charge:
            from rules.movement import NO_RUN_OR_CHARGE

            barring = next(item for item in ruling.items if item.reason.endswith("cannot run or charge"))
            lowered += (SpeedModifier(barring.reason, 0, NO_RUN_OR_CHARGE),)
        if not lowered:
            return creature
        return _replace(creature, speed_modifiers=creature.speed_modifiers + lowered)

    def bystanders(self, name: str) -> tuple[tuple, frozenset]:
        """``(others, quiet)``: every creature but the one called ``name`` as that creature
        meets them when it moves, and the names of those that make no attacks of opportunity
        (``rules.movement.Battlefield`` takes both). A creature whose conditions leave it
        helpless (helpless, unconscious, dying, dead: ``rules.conditions.can_be_moved_through``,
        seed 002: "You can move through a square occupied by a helpless opponent without
        penalty.") is met as ``helpless``; one whose conditions allow it no attacks of
        opportunity (``rules.conditions.opportunity_ruling``: flat-footed, stunned, ...) is
        quiet."""
        others = self.others(name)
        held = [(other, self.conditions_of(other.name)) for other in others]
        if not any(names for _, names in held):
            return others, frozenset()
        from rules.conditions import can_be_moved_through, opportunity_ruling

        met, quiet = [], set()
        for other, names in held:
            if names and can_be_moved_through(names) and not other.helpless:
                other = _replace(other, helpless=True)
            if names and not opportunity_ruling(names).allowed:
                quiet.add(other.name)
            met.append(other)
        return tuple(met), frozenset(quiet)

    def with_condition(self, applied) -> "Encounter":
        """This encounter with ``applied`` (a ``rules.conditions.AppliedCondition``) on its
        creature; the same condition already on it is replaced (its new duration counts)."""
        kept = tuple(each for each in self.conditions
                     if not (each.creature.casefold() == applied.creature.casefold() and each.condition == applied.condition))
        return _replace(self, conditions=kept + (applied,))

    def without_condition(self, name: str, condition: str) -> "Encounter":
        """This encounter with ``condition`` taken off the creature called ``name``."""
        return _replace(self, conditions=tuple(
            each for each in self.conditions
            if not (each.creature.casefold() == name.casefold() and each.condition == condition)))

    @property
    def zones_ruleset(self):
        """The ruleset as this board draws and judges zones: ``ruleset`` with the zone readings
        the ``options`` switch on (``rules.zones.with_readings``). The page draws zones with it;
        ``rules.facing.Attack`` applies the same readings to the ruleset it is given."""
        return with_readings(self.ruleset, self.options)

    def others(self, name: str) -> tuple:
        """Every creature but the one called ``name``."""
        key = name.casefold()
        return tuple(creature for creature in self.creatures if creature.name.casefold() != key)

    def unused_name(self, base: str) -> str:
        """``base``, or ``base 2``, ``base 3``... whichever no creature here is called yet."""
        taken = {name.casefold() for name in self.names()}
        name, number = base.strip() or "Creature", 1
        candidate = name
        while candidate.casefold() in taken:
            number += 1
            candidate = f"{name} {number}"
        return candidate

    def with_grid(self, grid: Grid) -> "Encounter":
        """This encounter moved onto ``grid`` (see ``on_grid``)."""
        return self.on_grid(grid)[0]

    def on_grid(self, grid: Grid) -> tuple["Encounter", tuple]:
        """``(encounter, moved)``: this encounter moved onto ``grid`` (say from squares to hexes,
        or a smaller board), and the names of the creatures that had to move to fit.

        Each creature keeps its place by row and column and turns to the facing nearest the one
        it had; one whose space no longer fits there (off the board, or over another creature)
        goes to the nearest free place where it does (``rules.placement.settle``). If the board
        has no room for one, the change is refused, naming it. Terrain keeps its cells by row and
        column; a wall is kept only where its two cells still share a side (``dropped_walls``
        counts the others). Spell areas are laid on one board; a new board leaves them out.
        """
        moved = []
        for creature in self.creatures:
            anchor = grid.from_offset(*self.grid.to_offset(creature.anchor))
            facing = None
            if creature.facing is not None:
                facing = _nearest_facing(creature, self.grid, grid, anchor)
            moved.append(_replace(creature, anchor=anchor, facing=facing, squeezed_to=_squeeze_on(creature, grid)))

        def place(cell):
            return grid.from_offset(*self.grid.to_offset(cell))

        cells = tuple((place(cell), kinds) for cell, kinds in self.terrain.cells if grid.contains(place(cell)))
        walls = tuple((place(a), place(b), kind) for a, b, kind in self.terrain.edges)
        walls = tuple(
            wall for wall in walls
            if grid.contains(wall[0]) and wall[1] in grid.neighbours(wall[0]) and _shares_side(grid, wall)
        )
        terrain = Terrain(cells, walls)
        try:
            creatures, shifted = settle(tuple(moved), grid, _stands_on(grid, terrain))
            areas = self.areas if grid == self.grid else ()
            dropped = tuple(_replace(item, cell=place(item.cell)) for item in self.dropped
                            if grid.contains(place(item.cell)))
            return _replace(self, grid=grid, creatures=creatures, terrain=terrain, areas=areas, dropped=dropped), shifted
        except RulesError as error:
            raise EncounterError(f"The board cannot change: {error}") from None

    def edited(self, name: str, creature: Creature) -> tuple["Encounter", tuple]:
        """``(encounter, moved)``: this encounter with the creature called ``name`` replaced by
        ``creature`` (as ``replace``), and the names of those moved to fit. If its new space
        (a bigger size, say) no longer fits where it stands, the edited creature moves to the
        nearest free place where it does; everyone else keeps their place."""
        index = self._index(name)
        others = self.others(name)
        creatures = self.creatures[:index] + (creature,) + self.creatures[index + 1 :]
        stands = _stands_on(self.grid, self.terrain)
        settled, shifted = settle(creatures, self.grid, stands, first={other.name for other in others})
        return self.replace(name, settled[index]), shifted

    def with_area(self, template) -> "Encounter":
        """This encounter with the spell area ``template`` kept on the board as a marker."""
        return _replace(self, areas=self.areas + (template,))

    def with_dropped(self, item) -> "Encounter":
        """This encounter with ``item`` (a ``rules.dropped.DroppedItem``) lying on the board."""
        return _replace(self, dropped=self.dropped + (item,))

    def without_dropped(self, index: int) -> "Encounter":
        """This encounter with its ``index``-th dropped item (from 0) picked up."""
        if not 0 <= index < len(self.dropped):
            raise EncounterError(f"There is no dropped item number {index + 1} on the board.")
        return _replace(self, dropped=self.dropped[:index] + self.dropped[index + 1 :])

    def without_area(self, index: int) -> "Encounter":
        """This encounter without its ``index``-th marker (counted from 0, in ``areas``)."""
        if not 0 <= index < len(self.areas):
            raise EncounterError(f"There is no spell area number {index + 1} on the board.")
        return _replace(self, areas=self.areas[:index] + self.areas[index + 1 :])

    def creatures_in(self, cells) -> tuple:
        """The creatures any of whose cells lie in ``cells`` (an area's cells), in drawing order.

        SRD 3.5, Aiming a Spell: a burst "affecting whatever it catches in its area", a line
        "affects all creatures in squares that the line passes through": a creature is in the
        area when some square of its space is."""
        cells = frozenset(cells)
        return tuple(creature for creature in self.creatures if not cells.isdisjoint(creature.cells(self.grid)))

    def dropped_walls(self, grid: Grid) -> int:
        """How many walls ``with_grid(grid)`` leaves out because their cells no longer touch."""
        return len(self.terrain.edges) - len(self.with_grid(grid).terrain.edges)


def _checked_stats(stats, spelling: dict) -> tuple:
    """``stats`` as the encounter keeps them: pairs of a creature's name (as the creature
    writes it) and its ``CombatStats``, sorted by name, ``CombatStats()`` left out."""
    from rules.combatant import DEFAULT_STATS, CombatStats

    if not isinstance(stats, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], CombatStats)
        for pair in stats
    ):
        raise EncounterError("An encounter's combat stats are (name, CombatStats) pairs.")
    kept = {}
    for name, value in stats:
        key = name.casefold()
        if key not in spelling:
            raise EncounterError(f"There are combat stats for {name}, who is not on the board.")
        if key in kept:
            raise EncounterError(f"{name} has combat stats twice: give it one set.")
        kept[key] = value
    return tuple(
        (spelling[key], value) for key, value in sorted(kept.items()) if value != DEFAULT_STATS
    )


def _checked_round(round_state, spelling: dict, sides: set):
    """``round_state`` if every creature it names is on the board and its initiative winner is a
    side someone is on; ``None`` for a fresh ``RoundState()``."""
    from rules.round import RoundState

    if not isinstance(round_state, RoundState):
        raise EncounterError(f"An encounter's round is a RoundState, not {round_state!r}.")
    if round_state == RoundState():
        return None
    for name, _ in round_state.actions + round_state.turn_states + round_state.initiatives:
        if name.casefold() not in spelling:
            raise EncounterError(f"The round names {name}, who is not on the board.")
    winner = round_state.initiative_winner
    if winner is not None and winner not in sides:
        raise EncounterError(f"No creature on the board is on the side '{winner}': it cannot have won initiative.")
    return round_state


def _checked_conditions(conditions, spelling: dict) -> tuple:
    """``conditions`` with each creature's name as the board spells it; ``EncounterError`` for
    one that is not an applied condition or names a creature not on the board."""
    from rules.conditions import AppliedCondition

    if not isinstance(conditions, tuple) or not all(isinstance(each, AppliedCondition) for each in conditions):
        raise EncounterError("An encounter's conditions are a tuple of AppliedCondition values.")
    checked = []
    for each in conditions:
        names = [each.creature] + ([each.duration.creature] if each.duration.creature else [])
        for name in names:
            if name.casefold() not in spelling:
                raise EncounterError(f"A condition names {name}, who is not on the board.")
        checked.append(_replace(each, creature=spelling[each.creature.casefold()],
                                duration=_follow_duration(each.duration, lambda name: spelling[name.casefold()])))
    return tuple(checked)


def _follow_duration(duration, name_of):
    """``duration`` with the creature it counts by renamed by ``name_of`` (one removed: the
    duration no longer counts by anyone, so it lasts until removed)."""
    if duration.creature is None:
        return duration
    name = name_of(duration.creature)
    if name is None:
        from rules.conditions import UNTIL_REMOVED

        return UNTIL_REMOVED
    return _replace(duration, creature=name)


def _check_areas(areas, grid: Grid) -> None:
    """``EncounterError`` unless ``areas`` is a tuple of spell areas (``rules.areas.Template``)
    whose points of origin are on ``grid`` and whose directions it has."""
    from rules.areas import Template

    if not isinstance(areas, tuple) or not all(isinstance(area, Template) for area in areas):
        raise EncounterError("An encounter's spell areas are a tuple of Template values.")
    for area in areas:
        origin = area.origin
        if grid.kind == "square":
            fits = isinstance(origin, Square) and 0 <= origin.x <= grid.width and 0 <= origin.y <= grid.height
        else:
            fits = isinstance(origin, Hex) and grid.contains(origin)
        if not fits:
            raise EncounterError(f"A {area.shape}'s point of origin is off the board.")
        count = len(grid.directions)
        if area.direction is not None and not (type(area.direction) is int and 0 <= area.direction < count):
            raise EncounterError(f"A {area.shape} on the board points in a direction the board does not have.")


@lru_cache(maxsize=4096)
def _check(creature: Creature, grid: Grid) -> None:
    """``creature.check(grid)``, once per creature and board: an encounter re-made after one
    creature turns re-checks only that one."""
    creature.check(grid)


def _stands_on(grid: Grid, terrain: Terrain):
    """Whether a creature can stand where it is on ``terrain`` (``standing_problem``), as
    ``settle`` asks it."""
    return lambda creature: standing_problem(creature, grid, terrain) is None


def _squeeze_on(creature: Creature, grid: Grid):
    """The narrow space ``creature`` keeps on ``grid``: its own on squares; on hexes none (only
    a creature on squares squeezes, ``Creature.squeezed_to``)."""
    return creature.squeezed_to if grid.kind == "square" else None


def _shares_side(grid, wall) -> bool:
    """Whether a wall's two cells share a side on ``grid`` (every hex neighbour does)."""
    a, b, _ = wall
    return grid.kind == "hex" or a.coords[0] == b.coords[0] or a.coords[1] == b.coords[1]


def _direction(size, index, grid, anchor):
    """The unit-geometry angle of facing ``index`` of a creature of ``size`` at ``anchor``."""
    da, db = facing_vector(index, size, grid)
    x0, y0 = grid.centre(anchor)
    x1, y1 = grid.centre(type(anchor)(anchor.coords[0] + da, anchor.coords[1] + db))
    return math.atan2(y1 - y0, x1 - x0)


def _nearest_facing(creature, old_grid, new_grid, new_anchor):
    """The facing on ``new_grid`` whose direction is nearest the creature's on ``old_grid``."""
    angle = _direction(creature.size, creature.facing, old_grid, creature.anchor)
    count = len(facing_names(creature.size, new_grid))
    return max(range(count), key=lambda i: math.cos(_direction(creature.size, i, new_grid, new_anchor) - angle))
