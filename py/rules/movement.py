"""Movement: where a creature can go this turn, what each step costs, and why.

The board asks three questions while a token is dragged, and each answer is itemised:

* ``plan_move(creature, target, battlefield, mode, policy, end_facing)``: the cheapest legal
  path to ``target`` (the anchor the token is dropped on), each ``Step`` with its cost lines
  (diagonal, difficult terrain, sideways without turning, squeezing...) and the opponents whose
  attacks of opportunity it provokes; or, when the target is illegal or out of reach, a
  ``MoveAnswer`` saying why, with the path to where the creature stops instead;
* ``reachable(creature, battlefield, mode, policy)``: every place the creature can end its
  move within the mode's budget (move, double move, run, charge, 5-foot step, minimum
  movement), with the squares each costs, for any size on either grid;
* ``check_route(creature, route, battlefield, mode, policy)``: a legality answer, with a
  reason, for a route the player traces cell by cell.

Everything else about the board comes in one frozen value, ``Battlefield``: the ``grid``, the
``terrain`` (``rules.terrain``), the other ``creatures`` (the mover, if listed, is skipped), the
facing ``ruleset`` and the table's ``options`` (``rules.options``). Keep one
``Battlefield`` while a token is dragged: the work is cached per value.

Sources: seed 002, "Tactical Movement" (speed, move, double move, run, 5-foot step),
"Measuring Distance" (1-2-1-2 diagonals, no diagonal past a corner), "Moving through a Square"
(friends, opponents, helpless, very small and much bigger creatures, ending), "Terrain and
Obstacles" (difficult terrain, obstacles, squeezing), "Special Movement Rules" (illegal end
squares, stacked doubling, minimum movement), "Big and Little Creatures in Combat"; seed 000,
UA Combat Facing, "Facing and Movement"; seed 001, facing declared at the end of movement.

The model, in brief (docs/rules.md, "Movement", has the choices and why):

* A move is a chain of steps; each step moves the creature's whole space one cell (or, for a
  big creature squeezing, into or out of a narrow space). Its cost is 1 square, or for a
  diagonal 1 or 2 by the count of diagonals so far; each hampering cause in the most difficult
  cell the creature enters doubles it once ("doubled twice ... 4 squares (or as 6 squares if
  moving diagonally)"; a diagonal into hampered ground counts 3, 6, 12 and, being "just as two
  diagonal moves", leaves the 1-2 count where it was). Crossing a low wall adds 2.
* The search is Dijkstra over (cell, shape, diagonal parity) on flat lists of plain ints, with a
  bucket queue, since costs are small whole numbers; A* finds a path past the budget.
"""

import math
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property, lru_cache

from rules.creature import Creature, squeezed_shapes
from rules.errors import RulesError, typed_key
from rules.grid import Grid, Hex, Square
from rules.itemise import Item, total
from rules.options import DEFAULT_OPTIONS, Options
from rules.reach import is_opponent, provoked_by
from rules.sizes import (
    FEET_PER_CELL,
    LEADS,
    Size,
    footprint,
    has_lead,
    is_tiny_or_smaller,
    per_square,
    size_name,
    square_side,
)
from rules.speed import speed_items
from rules.terrain import (
    EDGE_KINDS,
    NO_TERRAIN,
    RULE_CORNERS,
    RULE_OBSTACLES,
    RULE_SQUEEZING,
    TERRAIN_KINDS,
    Terrain,
    bulk_of,
    cell_text,
)
from rules.zones import UA_FACING, Ruleset, Zone, zone_name

RULE_SPEED = "Seed 002: Movement in Combat"
RULE_DISTANCE = "Seed 002: Measuring Distance"
RULE_THROUGH = "Seed 002: Moving through a Square"
RULE_EXCEPTIONS = "Seed 002: Moving through a Square: Designated Exceptions"
RULE_DOUBLE = "Seed 002: Double Movement Cost"
RULE_ILLEGAL_END = "Seed 002: Accidentally Ending Movement in an Illegal Space"
RULE_MINIMUM = "Seed 002: Minimum Movement"
RULE_FORCED = "Seed 003: Critical Hit Special Effects (Reposition, Shield Slam)"
RULE_FACING = "UA Combat Facing: Facing and Movement"
RULE_FIVE_FOOT = "UA Combat Facing: Facing and Movement: 5-Foot Steps"

INFINITY = 1 << 40
"""A cost no move reaches."""

EDGE_EXTRA = max(kind.extra for kind in EDGE_KINDS.values() if not kind.blocks)
"""Squares added for crossing a hampering wall: every such kind costs the seed's 2 squares."""

PAD = 8
"""Cells of margin around the board in the search's flat lists, wider than any space plus a
step, so a neighbour's index never leaves the list and off-board cells simply block."""


class MoveError(RulesError):
    """A move asked for with parts that do not fit: a target on the wrong kind of board, a facing
    the mover lacks, a narrow space it cannot take."""


@dataclass(frozen=True)
class ModeRules:
    """What a kind of movement allows, as data.

    ``speeds``: the budget in multiples of speed (0 for the one-square modes); ``one_square``:
    a single step to a neighbouring cell; ``exact_square``: that step must count exactly one
    square; ``crosses_difficult``: it may cross difficult terrain; ``through_friends``: it may
    pass friends; ``provokes``: its steps provoke attacks of opportunity; ``turns``: the creature
    may turn as it goes (a 5-foot step does not); ``keeps_free_turn``: it leaves UA's one free
    change of facing (only a 5-foot step does); ``all_actions``: it takes every action of the
    turn, so no move action is left (a double move, a run, a charge, minimum movement);
    ``voluntary``: the creature moves itself (all but a forced move).
    """

    label: str
    speeds: int
    one_square: bool
    exact_square: bool
    crosses_difficult: bool
    through_friends: bool
    provokes: bool
    turns: bool
    keeps_free_turn: bool
    rule: str
    all_actions: bool = False
    voluntary: bool = True


class Mode(Enum):
    """The kinds of movement (Seed 002, "Movement in Combat", "Minimum Movement")."""

    MOVE = "move"
    DOUBLE = "double move"
    RUN = "run"
    CHARGE = "charge"
    FIVE_FOOT_STEP = "5-foot step"
    MINIMUM = "minimum movement"
    FORCED = "forced move"


MODE_RULES = {
    Mode.MOVE: ModeRules("move", 1, False, False, True, True, True, True, False, RULE_SPEED),
    Mode.DOUBLE: ModeRules("double move", 2, False, False, True, True, True, True, False, RULE_SPEED, all_actions=True),
    Mode.RUN: ModeRules("run", 4, False, False, False, True, True, True, False, RULE_SPEED, all_actions=True),
    Mode.CHARGE: ModeRules("charge", 2, False, False, False, False, True, True, False, RULE_THROUGH, all_actions=True),
    Mode.FIVE_FOOT_STEP: ModeRules("5-foot step", 0, True, True, True, True, False, False, True, RULE_SPEED),
    Mode.MINIMUM: ModeRules("minimum movement", 0, True, False, True, True, True, True, False, RULE_MINIMUM, all_actions=True),
    Mode.FORCED: ModeRules("forced move", 1, False, False, True, False, False, False, True, RULE_FORCED, voluntary=False),
}
"""Seed 002, "Movement in Combat": "you can move your speed ... you can move double your speed
... If you spend the entire round running, you can move quadruple your speed ... you can only
take a 5-foot step"; "You can't run or charge across difficult terrain"; "You can move through
a square occupied by a friendly character, unless you are charging"; "Minimum Movement": "you
can take a full-round action to move 5 feet (1 square) in any direction ... Such movement
provokes attacks of opportunity as normal". A double move, a run ("If you spend the entire round
running"), a charge and minimum movement ("you can take a full-round action to move 5 feet")
leave no action to turn with. A charge moves up to double speed; its other
conditions (a straight line to a foe) are not checked here. A forced move (``forced_move``) is
made by another creature's effect: it goes only as far as the effect says, through nobody, with
no turning and no attacks of opportunity."""


def parse_mode(text: str) -> Mode:
    """The mode called ``text`` (any case): ``"run"``, ``"5-foot step"``..."""
    key = typed_key(text)
    for mode in Mode:
        if mode.value == key:
            return mode
    raise MoveError(f"There is no kind of movement {text!r}: choose {', '.join(mode.value for mode in Mode)}.")


def mode_name(mode: Mode) -> str:
    """The name of ``mode``, the text ``parse_mode`` reads back."""
    return mode.value


class FacingPolicy(Enum):
    """How a creature with a facing moves under UA Combat Facing ("Facing and Movement").

    TURN: it turns toward each square before stepping in ("you may change your facing as you
    enter each new square"), so every step costs normally. KEEP: it keeps its facing "to avoid
    exposing your flank or rear area to an attack of opportunity", and "It costs two squares of
    movement to enter a square on your flank or in your rear area."
    """

    TURN = "turn as you go"
    KEEP = "keep facing"


def parse_policy(text: str) -> FacingPolicy:
    """The facing policy called ``text`` (any case): ``"turn as you go"`` or ``"keep facing"``."""
    key = typed_key(text)
    for policy in FacingPolicy:
        if policy.value == key:
            return policy
    raise MoveError(f"There is no facing policy {text!r}: choose 'turn as you go' or 'keep facing'.")


def policy_name(policy: FacingPolicy) -> str:
    """The name of ``policy``, the text ``parse_policy`` reads back."""
    return policy.value


@dataclass(frozen=True)
class FacingMovement:
    """What a facing ruleset does to movement: ``turns_while_moving`` (facing may change before
    each step), ``off_front_doubles`` (a step into the flank or rear without turning costs
    double) and ``step_sets_facing`` (a 5-foot step ends with the creature setting its facing,
    as every other voluntary move does); ``rule`` cites it."""

    turns_while_moving: bool
    off_front_doubles: bool
    step_sets_facing: bool
    rule: str


FACING_MOVEMENT = {
    "ua": FacingMovement(True, True, False, RULE_FACING),
    "variant": FacingMovement(False, False, True, "Seed 001: facing is declared at the end of movement"),
    "none": FacingMovement(True, False, True, "Standard rules (no facing)"),
}
"""Per ``rules.zones`` ruleset name. UA: turn freely before each step; flank and rear steps
without turning cost two squares; "You do not change facing when taking a 5-foot step". Seed
001: "When a creature takes any voluntary movement (whether this is from regular movement, a
Shift, or a Run action) it declares its facing at the end of the movement", so facing neither
changes nor costs during a move, and a 5-foot step declares it too. Standard rules: facing does
not matter."""


@dataclass(frozen=True)
class Battlefield:
    """The board a creature moves on: ``grid``, ``terrain``, the other ``creatures``, the facing
    ``ruleset`` and the table's ``options``, of which movement reads ``reach_corners`` (whom a
    step provokes, ``rules.reach``).

    ``creatures`` may include the mover: any creature equal to it is skipped. ``quiet`` names
    the creatures whose conditions leave them no attacks of opportunity
    (``rules.conditions.opportunity_ruling``: stunned, dazed, ...): a step provokes none of
    them, nor a ``flat_footed`` creature. The value hashes once, so the board can keep it and
    call the movement functions on every pointer move.
    """

    grid: Grid
    terrain: Terrain = NO_TERRAIN
    creatures: tuple = ()
    ruleset: Ruleset = UA_FACING
    options: Options = DEFAULT_OPTIONS
    quiet: frozenset = frozenset()

    def __post_init__(self):
        if not isinstance(self.grid, Grid):
            raise MoveError(f"A battlefield needs a square or hex grid, not {self.grid!r}.")
        if not isinstance(self.terrain, Terrain):
            raise MoveError(f"A battlefield's terrain is a Terrain value, not {self.terrain!r}.")
        self.terrain.check(self.grid)
        if not isinstance(self.creatures, tuple) or not all(isinstance(each, Creature) for each in self.creatures):
            raise MoveError("A battlefield's creatures are a tuple of Creature values.")
        for creature in self.creatures:
            self.grid.check_cell(creature.anchor)
            creature.check(self.grid)
        if not isinstance(self.ruleset, Ruleset) or self.ruleset.name not in FACING_MOVEMENT:
            known = ", ".join(FACING_MOVEMENT)
            raise MoveError(f"Movement knows the facing rulesets {known}, not {self.ruleset!r}.")
        if not isinstance(self.options, Options):
            raise MoveError(f"A battlefield needs the table's Options, not {self.options!r}.")
        if not isinstance(self.quiet, frozenset) or not all(isinstance(name, str) for name in self.quiet):
            raise MoveError("A battlefield's quiet creatures are a frozenset of names.")

    @cached_property
    def _hash(self) -> int:
        """The hash, worked out once."""
        return hash((self.grid, self.terrain, self.creatures, self.ruleset, self.options, self.quiet))

    def makes_opportunity_attacks(self, creature: Creature) -> bool:
        """Whether ``creature`` may take the attacks of opportunity a step provokes: not when
        flat-footed (SRD 3.5, Flat-Footed: "A flat-footed character loses his Dexterity bonus to
        AC (if any) and cannot make attacks of opportunity.") or ``quiet``."""
        return not creature.flat_footed and creature.name not in self.quiet

    def __hash__(self) -> int:
        return self._hash

    def others(self, creature: Creature) -> tuple:
        """Every creature on the battlefield but ``creature``."""
        return tuple(other for other in self.creatures if other != creature)


@dataclass(frozen=True)
class Step:
    """One step of a path: where the creature's ``anchor`` and ``cells`` are after it, the
    ``items`` it costs (squares; their total is ``cost``), the ``facing`` it has while taking it,
    the opponents it ``provokes`` attacks of opportunity from, and the narrow space it is
    ``squeezed_to``, if any."""

    anchor: Square | Hex
    cells: tuple
    items: tuple
    facing: int | None = None
    provokes: tuple = ()
    squeezed_to: tuple[int, int] | None = None

    def __post_init__(self):
        if not self.items or not all(isinstance(item, Item) for item in self.items):
            raise MoveError("A step says what it costs: give it at least one Item.")
        if self.cost < 1:
            raise MoveError(f"A step costs at least 1 square, not {self.cost}.")

    @property
    def cost(self) -> int:
        """Squares of movement the step uses."""
        return total(self.items)

    @property
    def feet(self) -> int:
        """Feet of movement the step uses."""
        return self.cost * FEET_PER_CELL

    @property
    def reason(self) -> str:
        """The cost lines as one sentence: ``"Diagonal (the second of a pair counts 2): +2"``."""
        return "; ".join(item.text() for item in self.items)


@dataclass(frozen=True)
class Path:
    """A legal move: the creature at the ``start`` and at the ``end`` (facing set), its
    ``mode`` and facing ``policy``, its ``steps``, and the ``budget`` in squares it had.
    ``sets_facing``: the creature sets its facing at the end of it (UA: any move but a 5-foot
    step; seed 001: any voluntary movement; never a forced move)."""

    start: Creature
    end: Creature
    mode: Mode
    policy: FacingPolicy
    steps: tuple
    budget: int
    sets_facing: bool = False

    def __post_init__(self):
        if not all(isinstance(step, Step) for step in self.steps):
            raise MoveError("A path is made of Step values.")
        if self.squares > self.budget:
            budget = self.budget * FEET_PER_CELL
            raise MoveError(f"A path of {self.feet} ft does not fit a budget of {budget} ft.")

    @property
    def squares(self) -> int:
        """Squares of movement used."""
        return sum(step.cost for step in self.steps)

    @property
    def feet(self) -> int:
        """Feet of movement used."""
        return self.squares * FEET_PER_CELL

    @property
    def provocations(self) -> tuple:
        """``(opponent, step index)`` for each opponent provoked, at the first step it is."""
        first = {}
        for index, step in enumerate(self.steps):
            for opponent in step.provokes:
                first.setdefault(opponent, index)
        return tuple(first.items())

    @property
    def moved(self) -> bool:
        """Whether this counts as moving for UA's free change of facing: any steps, unless a
        5-foot step ("If you do not move during your turn, or if your movement is limited to a
        5-foot step, you may change facing once ... as a free action")."""
        return bool(self.steps) and not MODE_RULES[self.mode].keeps_free_turn

    @property
    def uses_all_actions(self) -> bool:
        """Whether the move took every action of the turn (a double move, a run, a charge,
        minimum movement), leaving no move action to turn with (UA Combat Facing, Changing
        Facing: "You can also change facing as a move action")."""
        return bool(self.steps) and MODE_RULES[self.mode].all_actions


@dataclass(frozen=True)
class MoveAnswer:
    """The answer to a proposed move: ``legal`` or not, the ``reason`` (always given) and the
    ``rule`` behind it, and the ``path`` walked: to the target when legal, otherwise to where the
    creature stops instead (the last legal position, or a closer legal one).

    ``problem`` is the reason alone, without where the creature stops ("Out of movement: this
    step needs 10 ft, 5 ft left"): what a board that puts the token back where it started says.
    It is the whole ``reason`` when there is nothing to add.
    """

    legal: bool
    reason: str
    rule: str
    path: Path
    problem: str = ""

    def __post_init__(self):
        if not self.problem:
            object.__setattr__(self, "problem", self.reason)

    @property
    def stop(self) -> Creature:
        """The creature where the move ends."""
        return self.path.end


@dataclass(frozen=True, eq=False)
class Reachable:
    """Where a creature can end its move: ``costs`` maps each anchor's coordinates ``(a, b)``
    to the fewest squares that reach it; ``squeezed`` maps ``(a, b, columns, rows)`` to the same
    for a big creature squeezed into a narrow space. ``budget`` is in squares, ``budget_items``
    says where it comes from (feet)."""

    creature: Creature
    mode: Mode
    policy: FacingPolicy
    budget: int
    budget_items: tuple
    costs: dict
    squeezed: dict

    def cost_of(self, cell, squeezed_to=None) -> int | None:
        """Squares to reach ``cell`` as the anchor (squeezed to ``squeezed_to``), or ``None``."""
        if squeezed_to is None:
            return self.costs.get(cell.coords)
        return self.squeezed.get((*cell.coords, *squeezed_to))

    def cells(self) -> tuple:
        """The anchors the creature can end on (unsqueezed), as cells."""
        make = type(self.creature.anchor)
        return tuple(make(a, b) for a, b in self.costs)


def speed_of(creature: Creature) -> tuple[Item, ...]:
    """The creature's speed in feet, itemised (``rules.speed``)."""
    return speed_items(creature.speed, creature.armour, creature.race, creature.speed_modifiers)


NO_RUN_OR_CHARGE = "no run or charge"
"""The ``kind`` of a ``rules.speed.SpeedModifier`` of 0 ft that bars running and charging,
named by what bars them: ``rules.encounter.Encounter.mover`` gives one to a creature whose
conditions say so (SRD 3.5, Entangled: "An entangled creature ... cannot run or charge.")."""

RUNNING_MODES = frozenset({Mode.RUN, Mode.CHARGE})
"""The kinds of movement an entangled creature may not take."""


def _run_barred(creature: Creature):
    """The modifier that bars ``creature`` from running and charging, or ``None``."""
    return next((each for each in creature.speed_modifiers if each.kind == NO_RUN_OR_CHARGE), None)


def movement_budget(creature: Creature, mode: Mode) -> tuple[Item, ...]:
    """The feet ``creature`` may cover in ``mode``, itemised: its speed, then the mode's
    multiple; one square for a 5-foot step or minimum movement, none at speed 0 ("This rule
    doesn't allow you ... to move when all movement is prohibited"), none for a run or a charge
    by a creature barred from them (``NO_RUN_OR_CHARGE``)."""
    rules = MODE_RULES[mode]
    speed = speed_of(creature)
    barred = _run_barred(creature) if mode in RUNNING_MODES else None
    if barred is not None:
        return (*speed, Item(f"{barred.name}: no {rules.label}", -total(speed), rules.rule))
    if rules.one_square:
        if total(speed) <= 0:
            return (*speed, Item(f"No movement at speed 0: no {rules.label}", -total(speed), rules.rule))
        return (Item(f"{rules.label.capitalize()}: one square", FEET_PER_CELL, rules.rule),)
    if rules.speeds == 1:
        return speed
    extra = (rules.speeds - 1) * total(speed)
    return (*speed, Item(f"{rules.label.capitalize()}: {rules.speeds} times your speed", extra, rules.rule))


def step_zone(creature: Creature, direction: int, grid: Grid, ruleset: Ruleset) -> Zone | None:
    """The zone of ``creature``'s facing a step in grid ``direction`` goes into, by the angle
    between the step and the facing and ``ruleset``'s arcs; ``None`` without a facing.

    Grid steps and facings lie at multiples of 15 degrees, so the rounded angle is exact.
    """
    if not creature.has_facing:
        return None
    facing = creature.facing_vector(grid)
    step = grid.direction_vector(direction)
    (fx, fy), (sx, sy) = _unit(grid, facing), _unit(grid, step)
    angle = round(math.degrees(math.atan2(abs(fx * sy - fy * sx), fx * sx + fy * sy)))
    arcs = ruleset.arcs(grid.kind)
    if angle <= arcs.front:
        return Zone.FRONT
    return Zone.REAR if angle >= arcs.rear else Zone.FLANK


def _unit(grid: Grid, vector: tuple[int, int]) -> tuple[float, float]:
    """A coordinate step in unit geometry."""
    x0, y0 = grid.centre(grid.cell_type(0, 0))
    x1, y1 = grid.centre(grid.cell_type(*vector))
    return (x1 - x0, y1 - y0)


def is_squeezed(creature: Creature, battlefield: Battlefield) -> bool:
    """Whether ``creature`` stands squeezed: a big creature in a narrow space, or a Small or
    Medium one in a cell marked narrow (Seed 002, "Squeezing")."""
    if creature.squeezed_to is not None:
        return True
    if is_tiny_or_smaller(creature.size):
        return False
    return any(
        TERRAIN_KINDS[name].narrow
        for cell in creature.cells(battlefield.grid)
        for name in battlefield.terrain.kinds_at(cell)
    )


def squeeze_attack_items(creature: Creature, battlefield: Battlefield) -> tuple[Item, ...]:
    """"while squeezed in a narrow space you take a -4 penalty on attack rolls"."""
    if not is_squeezed(creature, battlefield):
        return ()
    return (Item("Squeezed into a narrow space", -4, RULE_SQUEEZING),)


def squeeze_armor_class_items(creature: Creature, battlefield: Battlefield) -> tuple[Item, ...]:
    """"while squeezed in a narrow space you take ... a -4 penalty to AC"."""
    if not is_squeezed(creature, battlefield):
        return ()
    return (Item("Squeezed into a narrow space", -4, RULE_SQUEEZING),)


# The search's view of the board: flat lists of plain ints over a padded lattice.


class _Lattice:
    """A grid's cells as indices into flat lists: coordinates ``(a, b)`` (``x, y`` or ``q, r``)
    in a box around the board with ``PAD`` cells of margin, row by row."""

    def __init__(self, grid: Grid):
        pairs = [cell.coords for cell in grid.cells()]
        self.grid = grid
        self.a0 = min(a for a, _ in pairs) - PAD
        self.b0 = min(b for _, b in pairs) - PAD
        self.stride = max(a for a, _ in pairs) + PAD + 1 - self.a0
        self.size = self.stride * (max(b for _, b in pairs) + PAD + 1 - self.b0)
        self.cost = [-1] * self.size
        self.stop = [0] * self.size
        for a, b in pairs:
            index = self.index(a, b)
            self.cost[index] = 0
            self.stop[index] = 1
        self.vectors = tuple(grid.vectors)
        self.direction = {vector: k for k, vector in enumerate(self.vectors)}
        self.deltas = tuple(db * self.stride + da for da, db in self.vectors)
        self.diagonal = tuple(grid.kind == "square" and da != 0 and db != 0 for da, db in self.vectors)

    def index(self, a: int, b: int) -> int:
        """The list index of coordinates ``(a, b)``."""
        return (b - self.b0) * self.stride + (a - self.a0)

    def coords(self, index: int) -> tuple[int, int]:
        """The coordinates at list index ``index``."""
        b, a = divmod(index, self.stride)
        return (a + self.a0, b + self.b0)

    def cell(self, index: int):
        """The cell at list index ``index``."""
        return self.grid.cell_type(*self.coords(index))


@lru_cache(maxsize=8)
def _lattice(grid: Grid) -> _Lattice:
    """The lattice of ``grid``, built once per board."""
    return _Lattice(grid)


def _passage(mover: Creature, other: Creature, rules: ModeRules) -> tuple[bool, bool, str]:
    """Whether ``mover`` may pass through ``other``'s space, whether that counts double, and
    the reason it may not (Seed 002, "Moving through a Square")."""
    if other.fills_space:
        return (False, False, f"Blocked: {other.name} fills its space and cannot be moved past")
    if other.helpless:
        return (True, is_opponent(mover, other) and other.size >= Size.LARGE, "")
    if abs(int(other.size) - int(mover.size)) >= 3:
        return (True, False, "")
    if is_tiny_or_smaller(mover.size):
        return (True, False, "")
    if not is_opponent(mover, other):
        if rules.through_friends:
            return (True, False, "")
        return (False, False, f"You cannot {rules.label} through {other.name} (a friend)")
    return (False, False, f"Occupied by {other.name} (an opponent)")


def _share(size: Size) -> int:
    """Hundredths of a square a creature of ``size`` takes when very small creatures share it."""
    return 100 // per_square(size)


def _say(why: tuple) -> tuple[str, str]:
    """A stored reason ``(text, rule, cell)`` as ``(text, rule)``, the cell written in for
    ``{where}``. Reasons are kept unformatted because a board has thousands and an answer reads
    a few."""
    text, rule, cell = why
    return (text if cell is None else text.replace("{where}", cell_text(cell)), rule)


class _Marks:
    """Per-cell lists a search reads, and the reasons behind them: the doublings it costs to
    enter a cell (``cost``, -1 where the mover cannot go) with their ``notes``, and why a cell
    is barred (``blocks``); reasons as ``_say`` reads them."""

    cost: list
    notes: dict
    blocks: dict

    def _block(self, index: int, reason: str, rule: str, cell=None) -> None:
        """The mover cannot enter cell ``index``."""
        self.blocks.setdefault(index, (reason, rule, cell))
        self.cost[index] = -1

    def _double(self, index: int, label: str, rule: str, cell=None) -> None:
        """Entering cell ``index`` doubles the step's cost once more, because of ``label``."""
        self.notes[index] = (*self.notes.get(index, ()), (label, rule, cell))
        if self.cost[index] >= 0:
            self.cost[index] += 1


class _Layer(_Marks):
    """The terrain as one kind of mover meets it (walking or flying; very small, one square or
    big; running or charging or not), built once per terrain and kind of mover: ``cost`` and
    the directions no step may take from a cell (``closed``, bit ``1 << k``) or that cross a low
    wall (``low``), with their reasons (``shut``, ``crossings``)."""

    def __init__(self, terrain: Terrain, grid: Grid, flying: bool, bulk: int, barred: str | None):
        lattice = _lattice(grid)
        self.lattice = lattice
        self.cost = lattice.cost[:]
        self.closed = [0] * lattice.size
        self.low = [0] * lattice.size
        self.notes = {}
        self.blocks = {}
        self.shut = {}
        self.crossings = {}
        self._terrain(terrain, flying, bulk, barred)
        self._walls(terrain, flying)

    def _shut(self, a: int, b: int, k: int, reason: tuple) -> None:
        """No step in direction ``k`` from the cell at ``(a, b)``, for ``reason``."""
        index = (b - self.lattice.b0) * self.lattice.stride + a - self.lattice.a0
        self.closed[index] |= 1 << k
        self.shut.setdefault((index, k), reason)

    def _terrain(self, terrain: Terrain, flying: bool, bulk: int, barred: str | None) -> None:
        """Seed 002, "Terrain and Obstacles", cell by cell. ``bulk``: 0 very small, 1 one
        square, 2 big; ``barred``: the mode that cannot cross difficult terrain, if any."""
        lattice = self.lattice
        squares = lattice.grid.kind == "square"
        for cell, kinds in terrain.cells:
            index = lattice.index(*cell.coords)
            for name in kinds:
                kind = TERRAIN_KINDS[name]
                label = kind.label
                here = f"{label} at {{where}}"
                if kind.cuts_corners and squares:
                    self._cut_corners(cell, (f"Blocked: you cannot cut the corner of {here}", RULE_CORNERS, cell))
                if kind.blocks:
                    self._block(index, f"Blocked: {here}", kind.rule, cell)
                elif kind.falls and not (flying and kind.flyers_ignore):
                    fall = f"{_capital(here)}: you would fall in (only a flying creature crosses it)"
                    self._block(index, fall, kind.rule, cell)
                elif kind.narrow and bulk == 2:
                    narrow = f"Too narrow: {here} is less than half as wide as your space"
                    self._block(index, narrow, kind.rule, cell)
                elif kind.narrow and bulk == 1:
                    self._double(index, f"Squeezing through {here}", kind.rule, cell)
                elif kind.hampers and not (flying and kind.flyers_ignore):
                    if kind.stops_running and barred:
                        self._block(index, f"{_capital(here)}: you cannot {barred} across it", kind.rule, cell)
                    else:
                        self._double(index, _capital(here), kind.rule, cell)

    def _cut_corners(self, cell, reason: tuple[str, str]) -> None:
        """"You can't move diagonally past a corner": no diagonal step passes ``cell``'s corners."""
        a, b = cell.coords
        for k, (da, db) in enumerate(self.lattice.vectors):
            if self.lattice.diagonal[k]:
                self._shut(a - da, b, k, reason)
                self._shut(a, b - db, k, reason)

    def _walls(self, terrain: Terrain, flying: bool) -> None:
        """Walls and doors on the edges between cells: blocking ones (a wall, a closed door)
        shut the crossing, low walls cost 2 squares more; on squares no walker steps diagonally
        past either's ends. An open door is no obstacle: nothing to shut, pay or cut."""
        lattice = self.lattice
        for a, b, name in terrain.edges:
            kind = EDGE_KINDS[name]
            if (flying and kind.flyers_ignore) or not kind.hinders:
                continue
            (xa, ya), (xb, yb) = a.coords, b.coords
            label = f"{kind.label} between {cell_text(a)} and {cell_text(b)}"
            for (x0, y0), (x1, y1) in (((xa, ya), (xb, yb)), ((xb, yb), (xa, ya))):
                k = lattice.direction[(x1 - x0, y1 - y0)]
                if kind.blocks:
                    self._shut(x0, y0, k, (f"Blocked: {label}", kind.rule, None))
                else:
                    index = lattice.index(x0, y0)
                    self.low[index] |= 1 << k
                    self.crossings[(index, k)] = (f"Crossing {label}", kind.rule, None)
            if lattice.grid.kind == "square":
                if xa != xb:
                    ends = ((max(xa, xb), ya), (max(xa, xb), ya + 1))
                else:
                    ends = ((xa, max(ya, yb)), (xa + 1, max(ya, yb)))
                reason = (f"Blocked: you cannot cut the corner of {label}", RULE_CORNERS, None)
                for px, py in ends:
                    # The four diagonal steps through the corner point (px, py).
                    for sx, sy, da, db in (
                        (px - 1, py - 1, 1, 1),
                        (px, py - 1, -1, 1),
                        (px - 1, py, 1, -1),
                        (px, py, -1, -1),
                    ):
                        self._shut(sx, sy, lattice.direction[(da, db)], reason)


def _capital(text: str) -> str:
    """``text`` with its first letter in capitals."""
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=8)
def _layer(terrain: Terrain, grid: Grid, flying: bool, bulk: int, barred: str | None) -> _Layer:
    """The terrain as one kind of mover meets it, built once per terrain and kind."""
    return _Layer(terrain, grid, flying, bulk, barred)


class _Board(_Marks):
    """The battlefield as one mover in one mode meets it: its kind's terrain layer (``cost``
    copied; ``closed``, ``low`` and their reasons shared) plus the other creatures, and per cell
    whether the mover may end there (``stop``, with the reasons in ``no_stop``)."""

    def __init__(self, battlefield: Battlefield, mover: Creature, mode: Mode):
        grid = battlefield.grid
        rules = MODE_RULES[mode]
        bulk = bulk_of(mover.size)
        barred = None if rules.crosses_difficult else rules.label
        layer = _layer(battlefield.terrain, grid, mover.flying or mover.incorporeal, bulk, barred)
        self.lattice = layer.lattice
        self.cost = layer.cost[:]
        self.notes = dict(layer.notes)
        self.blocks = dict(layer.blocks)
        self.closed, self.low, self.shut, self.crossings = layer.closed, layer.low, layer.shut, layer.crossings
        self.stop = self.lattice.stop[:]
        self.no_stop = {}
        self._occupants(battlefield.others(mover), mover, rules, grid)

    def _no_stop(self, index: int, reason: str, rule: str) -> None:
        """The mover may pass cell ``index`` but not end there."""
        self.stop[index] = 0
        self.no_stop.setdefault(index, (reason, rule, None))

    def _occupants(self, others: tuple, mover: Creature, rules: ModeRules, grid: Grid) -> None:
        """Seed 002, "Moving through a Square" and "Ending Your Movement"."""
        lattice = self.lattice
        tiny = is_tiny_or_smaller(mover.size)
        shared = {}
        for other in others:
            passable, doubles, reason = _passage(mover, other, rules)
            rule = RULE_EXCEPTIONS if other.fills_space else RULE_THROUGH
            for cell in other.cells(grid):
                index = lattice.index(*cell.coords)
                if not passable:
                    self._block(index, reason, rule)
                    continue
                if doubles:
                    self._double(index, f"Through helpless {other.name} (so big it counts double)", RULE_THROUGH)
                if other.helpless:
                    continue
                if not tiny:
                    self._no_stop(
                        index,
                        f"Occupied by {other.name}: you cannot end your move in another creature's "
                        "space unless it is helpless",
                        RULE_THROUGH,
                    )
                elif is_tiny_or_smaller(other.size):
                    shared[index] = shared.get(index, 0) + _share(other.size)
        for index, used in shared.items():
            if used + _share(mover.size) > 100:
                self._no_stop(index, "No room: that square holds as many very small creatures as fit", RULE_THROUGH)


@lru_cache(maxsize=16)
def _board(battlefield: Battlefield, mover: Creature, mode: Mode) -> _Board:
    """The board as ``mover`` meets it in ``mode``, built once per battlefield, mover and mode."""
    return _Board(battlefield, mover, mode)


class _Shapes:
    """The spaces a creature of one size takes on one lattice: per shape the list offsets of its
    cells from its anchor, the pairs of its own cells a wall must not part, the anchors of the
    full spaces around a narrow one (``containers``), and the steps out of it, each ``(index, k,
    anchor delta, diagonal, bit, new shape, cells to check or None)``."""

    def __init__(self, lattice: _Lattice, relative: tuple, dims: tuple):
        stride = lattice.stride
        self.dims = dims
        self.relative = relative
        self.offsets = tuple(tuple(db * stride + da for da, db in cells) for cells in relative)
        self.internal = tuple(
            tuple(
                (db * stride + da, 1 << k)
                for da, db in cells
                for k, (va, vb) in enumerate(lattice.vectors)
                if not lattice.diagonal[k] and (da + va, db + vb) in set(cells)
            )
            for cells in relative
        )
        side = dims[0][0] if dims[0] else 0
        self.containers = tuple(
            tuple(
                oy * stride + ox
                for oy in range(dims[s][1] - side, 1)
                for ox in range(dims[s][0] - side, 1)
            )
            if s
            else ()
            for s in range(len(relative))
        )
        self.steps = tuple(self._steps(lattice, s) for s in range(len(relative)))

    def _steps(self, lattice: _Lattice, s: int) -> tuple:
        """The steps out of shape ``s``: the same shape moved one cell, and (squeezing on
        squares) a change of shape that fits, with the old shape moved one cell, inside a space
        of the creature's full size."""
        found = []
        side = self.dims[0][0] if self.dims[0] else 0
        for k, (da, db) in enumerate(lattice.vectors):
            found.append((k, lattice.deltas[k], lattice.diagonal[k], 1 << k, s, None))
            for t in range(len(self.relative)):
                if t == s:
                    continue
                moved = {(x + da, y + db) for x, y in self.relative[s]}
                width, height = self.dims[t]
                for oy in range(db - side, db + side + 1):
                    for ox in range(da - side, da + side + 1):
                        new = {(ox + x, oy + y) for y in range(height) for x in range(width)}
                        xs = [x for x, _ in moved | new]
                        ys = [y for _, y in moved | new]
                        if max(xs) - min(xs) < side and max(ys) - min(ys) < side:
                            checks = tuple(
                                y * lattice.stride + x
                                for x, y in self.relative[s]
                                if (x + da, y + db) in new
                            )
                            found.append((k, oy * lattice.stride + ox, lattice.diagonal[k], 1 << k, t, checks))
        return tuple((index, *step) for index, step in enumerate(found))


@lru_cache(maxsize=32)
def _shapes(grid: Grid, size: Size, relative: tuple) -> _Shapes:
    """The shapes of a creature of ``size`` whose space, relative to its anchor, is
    ``relative`` (hexes) or the size's block and narrow spaces (squares)."""
    lattice = _lattice(grid)
    if grid.kind == "square":
        side = square_side(size)
        dims = ((side, side),) + squeezed_shapes(size)
        cells = tuple(tuple((x, y) for y in range(h) for x in range(w)) for w, h in dims)
        return _Shapes(lattice, cells, dims)
    return _Shapes(lattice, (relative,), (None,))


class _Mover:
    """One creature about to move on one battlefield in one mode with one facing policy: its
    board, shapes, facing costs and budget, and the searches over them (results cached here)."""

    def __init__(self, creature: Creature, battlefield: Battlefield, mode: Mode, policy: FacingPolicy):
        grid = battlefield.grid
        grid.check_cell(creature.anchor)
        creature.check(grid)
        if not isinstance(mode, Mode) or not isinstance(policy, FacingPolicy):
            raise MoveError("Give the kind of movement as a Mode and the facing policy as a FacingPolicy.")
        self.creature = creature
        self.battlefield = battlefield
        self.grid = grid
        self.mode = mode
        self.policy = policy
        self.rules = MODE_RULES[mode]
        self.board = _board(battlefield, creature, mode)
        self.lattice = self.board.lattice
        anchor = creature.anchor.coords
        relative = tuple((cell.coords[0] - anchor[0], cell.coords[1] - anchor[1]) for cell in creature.cells(grid))
        self.shapes = _shapes(grid, creature.size, relative if grid.kind == "hex" else ())
        self.count = len(self.shapes.dims)
        self.squeeze = tuple(0 if s == 0 else 1 for s in range(self.count))
        self._facing_costs(battlefield.ruleset)
        self.budget_items = movement_budget(creature, mode)
        self.budget = total(self.budget_items) // FEET_PER_CELL
        single = self.count == 1 and len(self.shapes.offsets[0]) == 1
        board = self.board
        if single:
            self.acost, self.aclosed, self.alow, self.astop = [board.cost], [board.closed], [board.low], [board.stop]
        else:
            size = self.lattice.size
            self.acost = [[None] * size for _ in range(self.count)]
            self.aclosed = [[0] * size for _ in range(self.count)]
            self.alow = [[0] * size for _ in range(self.count)]
            self.astop = [[0] * size for _ in range(self.count)]
        shape = 0 if creature.squeezed_to is None else self.shapes.dims.index(creature.squeezed_to)
        self.start_place = self.lattice.index(*anchor) * self.count + shape
        self._aggregate(shape, self.lattice.index(*anchor))
        self.start_state = self.start_place << 1
        self.towards = {}
        self.answers = {}

    def _facing_costs(self, ruleset: Ruleset) -> None:
        """Per direction: the facing during a step that way, and the doublings it costs.

        UA Combat Facing: "You can move into any square in your front area at the normal
        movement cost. As you move, you may change your facing as you enter each new square";
        "It costs two squares of movement to enter a square on your flank or in your rear area";
        "When taking a 5-foot step, you can move into any adjacent square ... You do not change
        facing when taking a 5-foot step."
        """
        creature, grid = self.creature, self.grid
        directions = range(len(grid.vectors))
        turning, doubles = _facing_effects(creature, ruleset, self.rules, self.policy)
        self.sets_facing = self.rules.voluntary and (self.rules.turns or FACING_MOVEMENT[ruleset.name].step_sets_facing)
        if creature.has_facing and turning:
            self.facings = tuple(directions)
        else:
            self.facings = tuple(creature.facing for _ in directions)
        self.zones = tuple(step_zone(creature, k, grid, ruleset) for k in directions)
        self.facing_cost = tuple(1 if doubles and zone is not Zone.FRONT else 0 for zone in self.zones)
        # The option's literal reading: such a step costs 2 squares, diagonal or not, where
        # doubling would make a diagonal one 3 (docs/rules.md, "Movement").
        flat = self.battlefield.options.sideways_step_costs_two
        self.costs_two = tuple(bool(flat and cost) for cost in self.facing_cost)
        self.ruleset = ruleset

    def _aggregate(self, shape: int, anchor: int) -> int:
        """Fill the space-wide lists for ``shape`` at ``anchor`` and return its cost: the most
        difficult cell it occupies ("you can move only as fast as the most difficult terrain
        you occupy will allow"), -1 if any cell is barred or a wall runs through the space, or
        if the space is a narrow one inside room for the creature's full space ("you may have
        to squeeze into or through an area that isn't as wide as the space you take up")."""
        acost = self.acost[shape]
        if acost[anchor] is not None:
            return acost[anchor]
        if any(self._aggregate(0, anchor + offset) >= 0 for offset in self.shapes.containers[shape]):
            acost[anchor] = -1
            return -1
        board = self.board
        cost, closed, low, stop = 0, 0, 0, 1
        for offset in self.shapes.offsets[shape]:
            index = anchor + offset
            value = board.cost[index]
            if value < 0 or cost < 0:
                cost = -1
            elif value > cost:
                cost = value
            closed |= board.closed[index]
            low |= board.low[index]
            stop &= board.stop[index]
        for offset, bit in self.shapes.internal[shape]:
            if board.closed[anchor + offset] & bit:
                cost = -1
        acost[anchor] = cost
        self.aclosed[shape][anchor] = closed
        self.alow[shape][anchor] = low
        self.astop[shape][anchor] = stop
        return cost

    # Searching.

    @cached_property
    def found(self) -> tuple[dict, dict]:
        """Everything within the budget: ``({state: squares}, {state: (previous state, step)})``."""
        if self.rules.one_square:
            return self._one_square()
        return self._search(self.budget, None)

    def _heuristic(self, goal_place: int):
        """An estimate of the squares from a state to ``goal_place`` that never overshoots: the
        grid distance (on squares with the diagonal parity), or 0 for a creature that squeezes,
        whose anchor jumps when its shape changes."""
        if self.count > 1:
            return None
        ga, gb = self.lattice.coords(goal_place)
        stride, a0, b0 = self.lattice.stride, self.lattice.a0, self.lattice.b0
        if self.grid.kind == "square":
            def estimate(index: int, parity: int) -> int:
                b, a = divmod(index, stride)
                dx, dy = abs(a + a0 - ga), abs(b + b0 - gb)
                if dx < dy:
                    dx, dy = dy, dx
                return dx + (dy + parity) // 2
        else:
            def estimate(index: int, parity: int) -> int:
                b, a = divmod(index, stride)
                dq, dr = a + a0 - ga, b + b0 - gb
                return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        return estimate

    def _search(self, budget: int, goal_place: int | None) -> tuple[dict, dict]:
        """Dijkstra (A* toward ``goal_place``) over (cell, shape, diagonal parity), with a bucket
        queue. A state with the next diagonal counting 1 beats the same place with it counting
        2 at the same cost; the other way round it wins by one square."""
        count = self.count
        size = self.lattice.size * count * 2
        best = [INFINITY] * size
        done = bytearray(size)
        previous = {}
        acost, aclosed, alow = self.acost, self.aclosed, self.alow
        aggregate = self._aggregate
        facing_cost, costs_two, squeeze, steps = self.facing_cost, self.costs_two, self.squeeze, self.shapes.steps
        closed_cells, low_cells = self.board.closed, self.board.low
        estimate = None if goal_place is None else self._heuristic(goal_place)
        start = self.start_state
        best[start] = 0
        buckets = [[] for _ in range(min(budget, 4096) + 1)]
        first = 0 if estimate is None else estimate(self.start_place // count, 0)
        while len(buckets) <= first:
            buckets.append([])
        buckets[first].append(start)
        bucket_index = first
        while bucket_index < len(buckets):
            bucket = buckets[bucket_index]
            while bucket:
                state = bucket.pop()
                if done[state]:
                    continue
                done[state] = 1
                g = best[state]
                parity = state & 1
                place = state >> 1
                if place == goal_place:
                    return ({state: g}, previous)
                cell, shape = divmod(place, count)
                own_closed = aclosed[shape][cell]
                own_low = alow[shape][cell]
                for index, k, delta, diagonal, bit, new_shape, checks in steps[shape]:
                    target = cell + delta
                    cost = acost[new_shape][target]
                    if cost is None:
                        cost = aggregate(new_shape, target)
                    if cost < 0:
                        continue
                    # The space-wide bits say whether any cell leaves past a wall; a change of
                    # shape looks closer, at the cells that move on (``checks``).
                    if own_closed & bit:
                        if checks is None or any(closed_cells[cell + offset] & bit for offset in checks):
                            continue
                    crossing = own_low & bit
                    if crossing and checks is not None:
                        crossing = any(low_cells[cell + offset] & bit for offset in checks)
                    doublings = cost + facing_cost[k] + squeeze[new_shape]
                    if diagonal and not costs_two[k]:
                        if doublings:
                            step = 3 << (doublings - 1)
                            new_parity = parity
                        else:
                            step = 1 + parity
                            new_parity = parity ^ 1
                    else:
                        step = 1 << doublings
                        new_parity = parity
                    if crossing:
                        step += EDGE_EXTRA
                    new_g = g + step
                    if new_g > budget:
                        continue
                    base = (target * count + new_shape) << 1
                    new_state = base | new_parity
                    if new_g >= best[new_state]:
                        continue
                    if new_parity:
                        if best[base] <= new_g:
                            continue
                    elif best[base | 1] < new_g:
                        continue
                    best[new_state] = new_g
                    previous[new_state] = (state, index)
                    key = new_g if estimate is None else new_g + estimate(target, new_parity)
                    while len(buckets) <= key:
                        buckets.append([])
                    buckets[key].append(new_state)
            bucket_index += 1
        if goal_place is not None:
            return ({}, previous)
        reached = {start: 0}
        for state in previous:
            reached[state] = best[state]
        return (reached, previous)

    def _one_square(self) -> tuple[dict, dict]:
        """The places one step away: a 5-foot step that counts exactly one square, or minimum
        movement's one square "in any direction, even diagonally" whatever it costs."""
        reached = {self.start_state: 0}
        previous = {}
        if self.budget < 1:
            return (reached, previous)
        for step in self.shapes.steps[self.start_place % self.count]:
            outcome = self.explain(self.start_state, step[0])
            if outcome.items is None:
                continue
            if self.rules.exact_square and total(outcome.items) != 1:
                continue
            reached[outcome.state] = 1
            previous[outcome.state] = (self.start_state, step[0])
        return (reached, previous)

    @cached_property
    def reachable(self) -> Reachable:
        """The places the creature can end on within the budget (see ``reachable``)."""
        costs, squeezed = {}, {}
        count, coords, dims = self.count, self.lattice.coords, self.shapes.dims
        acost, astop = self.acost, self.astop
        for state, g in self.found[0].items():
            cell, shape = divmod(state >> 1, count)
            # Every state reached has had its space's lists filled.
            if acost[shape][cell] < 0 or not astop[shape][cell]:
                continue
            key = coords(cell) if shape == 0 else (*coords(cell), *dims[shape])
            found = costs if shape == 0 else squeezed
            if g < found.get(key, INFINITY):
                found[key] = g
        return Reachable(self.creature, self.mode, self.policy, self.budget, self.budget_items, costs, squeezed)

    def toward(self, goal_place: int) -> tuple[dict, dict]:
        """The cheapest way to ``goal_place`` whatever the budget (A*; ``({}, ...)`` if there is
        none), kept for the next pointer move."""
        if goal_place not in self.towards:
            self.towards[goal_place] = self._search(INFINITY, goal_place)
        return self.towards[goal_place]

    # Explaining.

    def explain(self, state: int, index: int) -> "_Outcome":
        """Step ``index`` out of ``state``, as a player reads it: its cost lines and the state it
        leads to, or the reason it is barred. Mirrors the arithmetic of ``_search``."""
        board, shapes, count = self.board, self.shapes, self.count
        parity = state & 1
        cell, shape = divmod(state >> 1, count)
        _, k, delta, diagonal, bit, new_shape, checks = shapes.steps[shape][index]
        leaving = shapes.offsets[shape] if checks is None else checks
        for offset in leaving:
            if board.closed[cell + offset] & bit:
                return _Outcome(None, _say(board.shut[(cell + offset, k)]), None)
        target = cell + delta
        for offset in shapes.offsets[new_shape]:
            if board.cost[target + offset] < 0:
                return _Outcome(None, self.barred(target + offset), None)
        if self._aggregate(new_shape, target) < 0:
            return _Outcome(None, self.problem_at(target * count + new_shape), None)
        worst = max(shapes.offsets[new_shape], key=lambda offset: board.cost[target + offset])
        causes = [_say(note) for note in board.notes.get(target + worst, ())]
        sideways = None
        if self.facing_cost[k]:
            zone = self.zones[k]
            way = "Backward" if zone is Zone.REAR else "Sideways"
            sideways = (f"{way} without turning (into your {zone_name(zone, self.ruleset)})", RULE_FACING)
            if not self.costs_two[k]:
                causes.append(sideways)
                sideways = None
        if self.squeeze[new_shape]:
            columns, rows = shapes.dims[new_shape]
            causes.append((f"Squeezing into a space {columns} x {rows} squares", RULE_SQUEEZING))
        crossings = (board.crossings[(cell + offset, k)] for offset in leaving if board.low[cell + offset] & bit)
        crossing = next((_say(each) for each in crossings), None)
        items, new_parity = _cost_items(diagonal, parity, causes, crossing, sideways)
        return _Outcome(tuple(items), None, (((target * count) + new_shape) << 1) | new_parity)

    def _step(self, state: int, index: int) -> Step:
        """The ``Step`` taken by step ``index`` out of ``state``."""
        outcome = self.explain(state, index)
        shapes, count = self.shapes, self.count
        before = self._cells(state >> 1)
        place = outcome.state >> 1
        cell, shape = divmod(place, count)
        after = self._cells(place)
        k = shapes.steps[(state >> 1) % count][index][1]
        items = outcome.items
        if self.mode is Mode.MINIMUM and total(items) != 1:
            label = "Minimum movement: a full round moves you 1 square despite penalties"
            items = (*items, Item(label, 1 - total(items), RULE_MINIMUM))
        provokes = ()
        if self.rules.provokes:
            field = self.battlefield
            provokes = tuple(
                other
                for other in provoked_by(
                    self.creature, before, after, field.others(self.creature), self.grid,
                    corners=field.options.reach_corners,
                )
                if field.makes_opportunity_attacks(other)
            )
        return Step(
            anchor=self.lattice.cell(cell),
            cells=after,
            items=tuple(items),
            facing=self.facings[k],
            provokes=provokes,
            squeezed_to=None if shape == 0 else shapes.dims[shape],
        )

    def _cells(self, place: int) -> tuple:
        """The cells of the space at ``place``."""
        cell, shape = divmod(place, self.count)
        return tuple(self.lattice.cell(cell + offset) for offset in self.shapes.offsets[shape])

    # Answers.

    def place_of(self, target, squeezed_to) -> int:
        """The place (anchor index and shape) of ``target`` squeezed to ``squeezed_to``."""
        self.grid.check_cell(target)
        if squeezed_to is None:
            shape = 0
        elif squeezed_to in self.shapes.dims[1:]:
            shape = self.shapes.dims.index(squeezed_to)
        else:
            who = f"{self.creature.name} ({size_name(self.creature.size)})"
            raise MoveError(f"{who} cannot squeeze into a space of {squeezed_to!r} squares.")
        a, b = target.coords
        lattice = self.lattice
        rows = lattice.size // lattice.stride
        # One cell past the board at most, so the whole space stays inside the padded lists.
        near = PAD - 1
        if not (near <= a - lattice.a0 < lattice.stride - near and near <= b - lattice.b0 < rows - near):
            raise MoveError(f"{cell_text(target)} is far off the board.")
        return lattice.index(a, b) * self.count + shape

    def chain(self, found: tuple[dict, dict], state: int) -> list:
        """The ``(state, step index)`` pairs leading from the start to ``state``."""
        previous = found[1]
        links = []
        while state != self.start_state:
            state, index = previous[state]
            links.append((state, index))
        links.reverse()
        return links

    def best_state(self, reached: dict, place: int) -> int | None:
        """The cheaper of the two parity states of ``place`` in ``reached``, or ``None``."""
        options = [state for state in ((place << 1), (place << 1) | 1) if state in reached]
        return min(options, key=reached.get) if options else None

    def stoppable(self, place: int) -> bool:
        """Whether the creature may end its move at ``place``."""
        cell, shape = divmod(place, self.count)
        return self._aggregate(shape, cell) >= 0 and bool(self.astop[shape][cell])

    def path(self, links: list, end_facing: int | None) -> Path:
        """The ``Path`` along ``links``, facing ``end_facing`` (``None``: as it started)."""
        steps = tuple(self._step(state, index) for state, index in links)
        end = self.creature
        if steps:
            last = steps[-1]
            end = replace(end, anchor=last.anchor, squeezed_to=last.squeezed_to)
        if end_facing is not None:
            end = _turned(end, end_facing, self.grid)
        return Path(self.creature, end, self.mode, self.policy, steps, self.budget, bool(steps) and self.sets_facing)

    def distance(self, place: int, goal_place: int) -> int:
        """Grid distance between the anchors of two places."""
        make = self.grid.cell_type
        here = make(*self.lattice.coords(place // self.count))
        there = make(*self.lattice.coords(goal_place // self.count))
        return self.grid.distance(here, there)

    def closest(self, goal_place: int) -> int:
        """The state of the legal end place within the budget closest to ``goal_place``: nearest
        anchor, then fewest squares, then the lowest coordinates. Staying put always counts."""
        reached = self.found[0]
        places = {self.start_place: (0, self.start_state)}
        for state, g in reached.items():
            place = state >> 1
            if self.stoppable(place) and g < places.get(place, (INFINITY, 0))[0]:
                places[place] = (g, state)

        def nearness(place: int) -> tuple:
            a, b = self.lattice.coords(place // self.count)
            return (self.distance(place, goal_place), places[place][0], b, a)

        return places[min(places, key=nearness)][1]

    def problem_at(self, place: int) -> tuple[str, str] | None:
        """Why the creature cannot stand at ``place`` at all, or ``None``."""
        cell, shape = divmod(place, self.count)
        if self._aggregate(shape, cell) >= 0:
            return None
        board = self.board
        for offset in self.shapes.offsets[shape]:
            if board.cost[cell + offset] < 0:
                return self.barred(cell + offset)
        for offset, bit in self.shapes.internal[shape]:
            if board.closed[cell + offset] & bit:
                where = cell_text(self.lattice.cell(cell + offset))
                return (f"Blocked: a wall would run through your space at {where}", RULE_OBSTACLES)
        where = cell_text(self.lattice.cell(cell))
        return (f"No need to squeeze at {where}: there is room for your whole space", RULE_SQUEEZING)

    def no_stop_at(self, place: int) -> tuple[str, str]:
        """Why the creature may pass ``place`` but not end there."""
        cell, shape = divmod(place, self.count)
        for offset in self.shapes.offsets[shape]:
            if cell + offset in self.board.no_stop:
                return _say(self.board.no_stop[cell + offset])
        raise MoveError("That place is a legal end.")

    def barred(self, index: int) -> tuple[str, str]:
        """Why the creature cannot enter the cell at ``index``."""
        if index in self.board.blocks:
            return _say(self.board.blocks[index])
        return (f"Off the board: {cell_text(self.lattice.cell(index))} is past the edge", RULE_DISTANCE)


@dataclass(frozen=True)
class _Outcome:
    """One explained step: its cost ``items`` and the ``state`` after, or why it is ``barred``."""

    items: tuple | None
    barred: tuple[str, str] | None
    state: int | None


def _cost_items(diagonal: bool, parity: int, causes: list, crossing, sideways=None) -> tuple[list, int]:
    """The cost lines of one step, in squares, and the diagonal parity after it.

    ``sideways`` is the ``(label, rule)`` of a step into the flank or rear without turning read
    literally (the option ``sideways_step_costs_two``): "It costs two squares of movement to
    enter a square on your flank or in your rear area", 2 squares, diagonal or not, leaving the
    1-2 count where it was; the other causes double that.

    Seed 002: "the first diagonal counts as 1 square, the second counts as 2 squares";
    "Each diagonal move into a difficult terrain square counts as 3 squares"; "If movement cost
    is doubled twice, then each square counts as 4 squares (or as 6 squares if moving
    diagonally). If movement cost is doubled three times, then each square counts as 8 squares
    (12 if diagonal)"; an obstacle between squares costs 2 "in addition to the cost to move into
    the square on the other side". Each doubling is a line worth what it adds.
    """
    if sideways is not None:
        label, rule = sideways
        text = f"{label}: 2 squares, diagonal or not" if diagonal else f"{label}: 2 squares"
        items = [Item(text, 2, rule)]
        running = 2
    elif diagonal:
        ordinal = "second" if parity else "first"
        items = [Item(f"Diagonal (the {ordinal} of a pair counts {1 + parity})", 1 + parity, RULE_DISTANCE)]
        running = 1 + parity
    else:
        items = [Item("One square", 1, RULE_DISTANCE)]
        running = 1
    for number, (label, rule) in enumerate(causes, start=sideways is not None):
        if number == 0:
            new = 3 if diagonal else 2
            text = f"{label}: a diagonal into it counts 3" if diagonal else f"{label}: counts double"
        else:
            new = running * 2
            text, rule = f"{label}: doubled again, {new} squares", RULE_DOUBLE
        items.append(Item(text, new - running, rule))
        running = new
    if crossing is not None:
        label, rule = crossing
        items.append(Item(f"{label}: 2 squares more", EDGE_EXTRA, rule))
    new_parity = parity ^ 1 if diagonal and not causes and sideways is None else parity
    return (items, new_parity)


def _turned(creature: Creature, facing: int, grid: Grid) -> Creature:
    """``creature`` facing ``facing`` in the same cells (a Large triangle on hexes changes its
    apex and lead to keep them)."""
    if not creature.has_facing:
        raise MoveError(f"{creature.name} has no facing to set (UA Combat Facing: Faceless Creatures).")
    cells = set(creature.cells(grid))
    if not has_lead(creature.size, grid):
        return replace(creature, facing=grid.check_facing(facing))
    for anchor in sorted(cells):
        for lead in LEADS:
            if set(footprint(creature.size, anchor, grid, facing, lead)) == cells:
                return replace(creature, anchor=anchor, facing=facing, lead=lead)
    raise MoveError(f"{creature.name} cannot face that way in the same three hexes.")


def _facing_effects(creature: Creature, ruleset: Ruleset, rules: ModeRules, policy: FacingPolicy) -> tuple[bool, bool]:
    """``(turning, doubles)``: whether the creature turns toward each step, and whether steps
    off its front cost double (UA Combat Facing, "Facing and Movement"; see ``FACING_MOVEMENT``)."""
    facing_rules = FACING_MOVEMENT[ruleset.name]
    turning = facing_rules.turns_while_moving and rules.turns and policy is FacingPolicy.TURN
    doubles = creature.has_facing and facing_rules.off_front_doubles and rules.turns and not turning
    return turning, doubles


def costs_depend_on_facing(creature: Creature, grid: Grid, ruleset: Ruleset, mode: Mode, policy: FacingPolicy) -> bool:
    """Whether where ``creature`` can go, and at what cost, depends on the way it faces now:
    when a step off its front costs double (keeping its facing under UA), or when its facing
    shapes its space (a Large triangle on hexes). Otherwise any facing gives the same answer,
    so the board can reuse it while the creature turns."""
    return _facing_effects(creature, ruleset, MODE_RULES[mode], policy)[1] or has_lead(creature.size, grid)


@lru_cache(maxsize=32)
def _mover(creature: Creature, battlefield: Battlefield, mode: Mode, policy: FacingPolicy) -> _Mover:
    """The mover, built once per creature, battlefield, mode and policy."""
    return _Mover(creature, battlefield, mode, policy)


def reachable(
    creature: Creature, battlefield: Battlefield, mode: Mode = Mode.MOVE, policy: FacingPolicy = FacingPolicy.TURN
) -> Reachable:
    """Every place ``creature`` can end a ``mode`` move on ``battlefield``, with the fewest
    squares to each (its own place costs 0)."""
    return _mover(creature, battlefield, mode, policy).reachable


def _legal_text(path: Path) -> str:
    """``"Legal: 25 ft of 30 ft (move)"``."""
    label = MODE_RULES[path.mode].label
    return f"Legal: {path.feet} ft of {path.budget * FEET_PER_CELL} ft ({label})"


def plan_move(
    creature: Creature,
    target,
    battlefield: Battlefield,
    mode: Mode = Mode.MOVE,
    policy: FacingPolicy = FacingPolicy.TURN,
    end_facing: int | None = None,
    squeezed_to: tuple[int, int] | None = None,
) -> MoveAnswer:
    """The cheapest legal ``mode`` move of ``creature`` to anchor ``target`` (squeezed to
    ``squeezed_to``), ending facing ``end_facing`` (``None``: as it started; UA: "you can change
    facing at the end of your move"; seed 001: facing is declared then).

    When the target is illegal the answer says why, and its path goes where the creature stops:
    "the last legal position you occupied, or the closest legal position, if there's a legal
    position that's closer" (Seed 002, "Accidentally Ending Movement in an Illegal Space"); when
    it is out of reach, as far along the cheapest way there as the budget allows.
    """
    mover = _mover(creature, battlefield, mode, policy)
    goal = mover.place_of(target, squeezed_to)
    if (goal, end_facing) not in mover.answers:
        mover.answers[(goal, end_facing)] = _plan(mover, goal, end_facing)
    return mover.answers[(goal, end_facing)]


FIVE_FOOT_FACING = ("A 5-foot step does not change facing: use your one free turn instead", RULE_FIVE_FOOT)
"""UA Combat Facing, 5-Foot Steps: "You do not change facing when taking a 5-foot step. (You may,
however, change your facing once as a free action; see Changing Facing, above.)". Under seed 001
a 5-foot step declares its facing like any voluntary move (``FacingMovement.step_sets_facing``)."""


def _turning(mover: "_Mover", end_facing: int | None) -> bool:
    """Whether the move asks to end facing another way; ``MoveError`` if the mover has no
    facing to set."""
    creature = mover.creature
    if end_facing is None or end_facing == creature.facing:
        return False
    if not creature.has_facing:
        raise MoveError(f"{creature.name} has no facing to set (UA Combat Facing: Faceless Creatures).")
    return True


def _out_of_movement(mover: "_Mover", spent: int, cost: int) -> tuple[str, str]:
    """"Out of movement: this step needs 10 ft, 5 ft left"."""
    left = (mover.budget - spent) * FEET_PER_CELL
    return (f"Out of movement: this step needs {cost * FEET_PER_CELL} ft, {left} ft left", mover.rules.rule)


def _cannot_move(mover: "_Mover") -> tuple[str, str]:
    """Minimum Movement: "This rule doesn't allow you ... to move when all movement is
    prohibited"; or the condition that bars a run or a charge."""
    barred = _run_barred(mover.creature) if mover.mode in RUNNING_MODES else None
    if barred is not None:
        return (f"{mover.creature.name} cannot {mover.rules.label} ({barred.name})", mover.rules.rule)
    return (f"{mover.creature.name} cannot move at all (speed 0)", RULE_MINIMUM)


def _plan(mover: "_Mover", goal: int, end_facing: int | None) -> MoveAnswer:
    """``plan_move`` for the place ``goal``, worked out (the caller keeps the answer)."""
    facing_problem = None
    if _turning(mover, end_facing) and not mover.sets_facing:
        facing_problem, end_facing = FIVE_FOOT_FACING, None
    return _answer(mover, goal, end_facing, facing_problem)


def _answer(mover: _Mover, goal: int, end_facing, facing_problem) -> MoveAnswer:
    """The ``MoveAnswer`` for ``goal`` (see ``plan_move``)."""
    reached = mover.found[0]
    state = mover.best_state(reached, goal)
    if state is not None and mover.stoppable(goal):
        path = mover.path(mover.chain(mover.found, state), end_facing)
        if facing_problem:
            return MoveAnswer(False, facing_problem[0], facing_problem[1], path)
        return MoveAnswer(True, _legal_text(path), mover.rules.rule, path)
    problem = mover.problem_at(goal)
    if problem is not None:
        return _stop_closest(mover, goal, problem, end_facing)
    if state is not None:
        links = mover.chain(mover.found, state)
        return _stop_along(mover, goal, mover.no_stop_at(goal), links, end_facing)
    if mover.budget < 1:
        return _stop_closest(mover, goal, _cannot_move(mover), end_facing)
    if mover.rules.one_square:
        options, barred = _steps_into(mover, mover.start_state, goal)
        reason = barred if not options and barred else (
            f"A {mover.rules.label} goes to a neighbouring cell only", mover.rules.rule)
        return _stop_closest(mover, goal, reason, end_facing)
    toward = mover.toward(goal)
    if not toward[0]:
        where = cell_text(mover.lattice.cell(goal // mover.count))
        reason = (f"No way there: walls, obstacles or creatures close {where} off", RULE_THROUGH)
        return _stop_closest(mover, goal, reason, end_facing)
    return _stop_along(mover, goal, None, mover.chain(toward, next(iter(toward[0]))), end_facing)


def _stop_closest(mover: _Mover, goal: int, reason: tuple[str, str], end_facing) -> MoveAnswer:
    """An illegal move that has no way into ``goal``: the creature stops at the closest legal
    position within its budget."""
    path = mover.path(mover.chain(mover.found, mover.closest(goal)), end_facing)
    return MoveAnswer(False, f"{reason[0]}; you stop at the closest legal position", reason[1], path, reason[0])


def _stop_along(mover: _Mover, goal: int, reason, links: list, end_facing) -> MoveAnswer:
    """An illegal move with a way toward ``goal`` (``links``): the creature walks it while the
    budget lasts ("Out of movement" when it runs out, if there is no other ``reason``) and
    stops at the last legal position on it. An illegal end within the budget yields to a legal
    position closer to the goal, if there is one (Seed 002, "Accidentally Ending Movement in an
    Illegal Space")."""
    spent, walked, kept = 0, [], []
    for state, index in links:
        outcome = mover.explain(state, index)
        cost = total(outcome.items)
        if spent + cost > mover.budget:
            reason = _out_of_movement(mover, spent, cost)
            break
        spent += cost
        walked.append((state, index))
        if mover.stoppable(outcome.state >> 1):
            kept = list(walked)
    else:
        here = mover.start_place if not kept else mover.explain(*kept[-1]).state >> 1
        closer = mover.closest(goal)
        if mover.distance(closer >> 1, goal) < mover.distance(here, goal):
            path = mover.path(mover.chain(mover.found, closer), end_facing)
            return MoveAnswer(
                False, f"{reason[0]}; you stop at a closer legal position", RULE_ILLEGAL_END, path, reason[0]
            )
    path = mover.path(kept, end_facing)
    return MoveAnswer(False, f"{reason[0]}; you stop at the last legal position", reason[1], path, reason[0])


def check_route(
    creature: Creature,
    route,
    battlefield: Battlefield,
    mode: Mode = Mode.MOVE,
    policy: FacingPolicy = FacingPolicy.TURN,
    end_facing: int | None = None,
) -> MoveAnswer:
    """Whether ``creature`` may take ``route``, a sequence of anchors (or ``(anchor,
    squeezed_to)`` pairs) each one step from the last, in ``mode``; the answer's path is the
    legal part of it, ending at the last legal position.

    Each step takes its cheapest way between the two places; the first barred step, the step
    the budget cannot pay ("Out of movement: this step needs 10 ft, 5 ft left") or an illegal
    end is the reason given.
    """
    mover = _mover(creature, battlefield, mode, policy)
    turning = _turning(mover, end_facing)
    state, spent, links, kept, reason = mover.start_state, 0, [], [], None
    places = [item if isinstance(item, tuple) else (item, None) for item in route]
    if places and mover.budget < 1:
        reason, places = _cannot_move(mover), []
    if mover.rules.one_square and len(places) > 1:
        reason = (f"A {mover.rules.label} is one step, not {len(places)}", mover.rules.rule)
        places = places[:1]
    for target, squeezed_to in places:
        goal = mover.place_of(target, squeezed_to)
        cell = (state >> 1) // mover.count
        options, barred = _steps_into(mover, state, goal)
        if not options:
            here = cell_text(mover.lattice.cell(cell))
            reason = barred or (f"Not a step: {cell_text(target)} is not next to {here}", RULE_DISTANCE)
            break
        cost, index, outcome = min(options, key=lambda option: option[:2])
        if mover.rules.exact_square and cost != 1:
            reason = (f"A 5-foot step moves one square of movement; this one counts {cost}", RULE_FIVE_FOOT)
            break
        if mover.mode is not Mode.MINIMUM and spent + cost > mover.budget:
            reason = _out_of_movement(mover, spent, cost)
            break
        spent += 1 if mover.mode is Mode.MINIMUM else cost
        links.append((state, index))
        state = outcome.state
        if mover.stoppable(state >> 1):
            kept = list(links)
    if reason is None and not mover.stoppable(state >> 1):
        reason = mover.no_stop_at(state >> 1)
    if reason is None:
        if turning and not mover.sets_facing:
            return MoveAnswer(False, *FIVE_FOOT_FACING, mover.path(links, None))
        path = mover.path(links, end_facing)
        return MoveAnswer(True, _legal_text(path), mover.rules.rule, path)
    path = mover.path(kept, end_facing if mover.sets_facing else None)
    return MoveAnswer(False, f"{reason[0]}; you stop at the last legal position", reason[1], path, reason[0])


def squeezed_problem(creature: Creature, grid: Grid, terrain: Terrain) -> str | None:
    """Why a squeezed ``creature`` cannot stand squeezed where it is on ``terrain`` (a barred
    cell, a wall through its narrow space, or room enough there for its whole space: "No need
    to squeeze"), or ``None``: the movement rules' own answer for where a move may end."""
    mover = _mover(creature, Battlefield(grid, terrain, ()), Mode.MOVE, FacingPolicy.KEEP)
    problem = mover.problem_at(mover.start_place)
    return None if problem is None else problem[0]


def _steps_into(mover: _Mover, state: int, goal: int) -> tuple[list, tuple[str, str] | None]:
    """The single steps from ``state`` into the place ``goal``: ``(options, barred)``, each
    open step as ``(cost, step index, outcome)``, and why the first barred one is barred (a
    wall, a creature in the way), or ``None``."""
    options, barred = [], None
    cell = (state >> 1) // mover.count
    for step in mover.shapes.steps[(state >> 1) % mover.count]:
        if (cell + step[2]) * mover.count + step[5] != goal:
            continue
        outcome = mover.explain(state, step[0])
        if outcome.items is None:
            barred = barred or outcome.barred
        else:
            options.append((total(outcome.items), step[0], outcome))
    return options, barred


def forced_move(creature: Creature, target, battlefield: Battlefield, feet: int, away_from: Creature | None = None) -> MoveAnswer:
    """Another creature's effect forces ``creature`` to anchor ``target``, at most ``feet`` away.

    Seed 003, Critical Hit Special Effects: Reposition forces the target "to move to a new
    location of your choice, up to a number of feet equal to half the damage you dealt (plus
    attacker's STR bonus)"; Shield Slam forces it "back from you" as far (``away_from``, the
    attacker: it must end farther from it). Being moved is not moving: the creature keeps its
    facing and its own movement, passes through nobody, and provokes no attacks of opportunity
    (docs/rules.md, "Movement"). Distance counts as movement does (diagonals, terrain); feet
    beyond the last whole square are lost.
    """
    reach = max(0, feet - feet % FEET_PER_CELL)
    pushed = replace(creature, speed=reach, race=None, armour="none", speed_modifiers=())
    answer = plan_move(pushed, target, battlefield, Mode.FORCED, FacingPolicy.KEEP)
    path = answer.path
    restored = Path(creature, replace(path.end, speed=creature.speed, race=creature.race, armour=creature.armour,
                                      speed_modifiers=creature.speed_modifiers),
                    path.mode, path.policy, path.steps, path.budget)
    legal, reason, problem = answer.legal, answer.reason, answer.problem
    if legal and away_from is not None and path.steps:
        grid = battlefield.grid

        def apart(cells):
            return min(grid.distance(a, b) for a in cells for b in away_from.cells(grid))

        if apart(restored.end.cells(grid)) <= apart(creature.cells(grid)):
            legal = False
            reason = problem = f"{creature.name} must be forced back, farther from {away_from.name}"
    if legal and not path.steps:
        reason = problem = f"{creature.name} stays where it is"
    return MoveAnswer(legal, reason, RULE_FORCED if legal else answer.rule, restored, problem)
