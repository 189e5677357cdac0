"""The round: who acts in what order, whose turn it is, what each creature may still do to turn,
and the log of what happened.

A ``RoundState`` is a frozen value beside the encounter: the side that won initiative (``None``
for a tie), the round's number, the index of the current turn in the round's order, the
action each creature declared for the round, each creature's facing allowance this turn
(``rules.facing.TurnState``) and the log, a tuple of lines. Every change makes a new state.

The order of the round (``round_order``) is one of two, as the table's options say:

* **Strike speed** (option ``strike_speed``; Seed 003: Strike Speed Based Order of Battle):
  ``rules.strike_speed.strike_order`` over every creature, with the action it declared, its
  ``CombatStats`` and its side; the side with initiative adds 5, ties go to the higher level
  or hit dice, and creatures still tied share a rank.
* **Initiative per creature** (otherwise, once any creature has an initiative result; SRD 3.5
  Initiative, issue 15: "each creature rolls (or the game master types) d20 plus its
  initiative modifier"): the higher result first; a tie goes to the higher initiative
  modifier (``CombatStats.initiative_modifier``), then to a roll-off (``settle_ties``); a
  creature without a result acts after those with one, in the order below.
* **Initiative by sides** (otherwise; a Flankwise reading of "Determine Initiative as
  described in the standard rules", which roll initiative by sides): the side that won acts
  first, all of it at rank 1, then every other side at rank 2, side by side in the order
  their first creature stands on the board; within a side the higher level or hit dice acts
  first, then board order. On a tie every creature acts at rank 1, together, the higher level
  or hit dice first (as strike speed breaks its ties), then board order.

``next_turn`` moves to the next creature in the order and gives it a fresh facing allowance
(a creature's once-a-turn change is "during your turn"; UA Combat Facing: Changing Facing,
seed 001: "as a Reaction on its turn"); after the last it starts the next round, keeping the
initiative winner and the declared actions until the table changes them, with every allowance
fresh. ``previous_turn`` steps back without touching anyone's allowance: it corrects a slip, it
does not undo a turn (undo does). The current turn is read against the order as it is now, so
a turn index past the end (a creature removed) reads as the last turn.
"""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.combatant import combatant_for, stats_for
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.facing import TurnState
from rules.itemise import Item
from rules.dice import D20, roll_die
from rules.strike_speed import Action, parse_action, strike_order

INITIATIVE_RULE = "Standard rules: initiative by sides (a Flankwise reading)"
"""The rule the plain initiative order cites."""

CREATURE_INITIATIVE_RULE = "SRD 3.5: Initiative (each creature)"
"""The rule the order by each creature's initiative cites."""

MAX_INITIATIVE = 999
"""The largest initiative result, either way, a creature may have (a link carries it)."""


LOG_KEPT = 500
"""The most lines the round's log keeps: the latest (older ones make way), so a long fight
always travels in a link (``rules.link.MAX_LOG_LINES``)."""

LOG_LINE_KEPT = 400
"""The most characters of a line of the log (``rules.link.MAX_LOG_LINE``); a longer one is cut."""


class RoundError(RulesError):
    """A round that cannot be: a turn before the first, an initiative winner with nobody on its
    side, a creature declared twice."""


def _check_pairs(pairs, kind: type, what: str) -> None:
    """``pairs`` is a tuple of ``(name, value)`` with ``kind`` values and no name twice."""
    if not isinstance(pairs, tuple) or not all(
        isinstance(pair, tuple)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and isinstance(pair[1], kind)
        for pair in pairs
    ):
        raise RoundError(f"The round's {what} are (name, value) pairs.")
    seen = set()
    for name, _ in pairs:
        if name.casefold() in seen:
            raise RoundError(f"{name} has two {what} this round: give it one.")
        seen.add(name.casefold())


def _lookup(pairs, name: str):
    """The value paired with ``name`` (any case), or ``None``."""
    key = name.casefold()
    for other, value in pairs:
        if other.casefold() == key:
            return value
    return None


def _set(pairs, name: str, value) -> tuple:
    """``pairs`` with ``name`` paired with ``value`` (replacing its pair), or without it if
    ``value`` is ``None``."""
    key = name.casefold()
    kept = tuple(pair for pair in pairs if pair[0].casefold() != key)
    return kept if value is None else kept + ((name, value),)


@dataclass(frozen=True)
class Initiative:
    """One creature's initiative: its ``result`` (a d20 plus its initiative modifier, or the
    number the game master typed) and the ``roll_off`` d20 that broke a tie with a creature of
    the same result and modifier (0: none rolled)."""

    result: int
    roll_off: int = 0

    def __post_init__(self):
        if isinstance(self.result, bool) or not isinstance(self.result, int) or abs(self.result) > MAX_INITIATIVE:
            raise RoundError(
                f"An initiative result is a whole number from -{MAX_INITIATIVE} to {MAX_INITIATIVE}, "
                f"not {self.result!r}."
            )
        if isinstance(self.roll_off, bool) or not isinstance(self.roll_off, int) or not 0 <= self.roll_off <= 20:
            raise RoundError(f"A roll-off is a d20 (1 to 20), or 0 for none, not {self.roll_off!r}.")


@dataclass(frozen=True)
class RoundState:
    """One round in progress.

    ``initiative_winner`` is the side that won initiative this round, ``None`` for a tie;
    ``number`` counts rounds from 1; ``turn`` is the index of the current turn in
    ``round_order``, from 0. ``actions`` pairs creature names with the ``Action`` each declared
    for the round (a creature without one takes its ``CombatStats.action``); ``turn_states``
    pairs names with each creature's facing allowance this turn (without one: a fresh
    ``TurnState()``). ``log`` is the round's lines of text, oldest first, the latest
    ``LOG_KEPT`` of them, each at most ``LOG_LINE_KEPT`` characters. ``initiatives``
    pairs names with each creature's ``Initiative``; the order follows them when the table does
    not use strike speed.
    """

    initiative_winner: str | None = None
    number: int = 1
    turn: int = 0
    actions: tuple = ()
    turn_states: tuple = ()
    log: tuple = ()
    initiatives: tuple = ()

    def __post_init__(self):
        if self.initiative_winner is not None and (
            not isinstance(self.initiative_winner, str) or not self.initiative_winner.strip()
        ):
            raise RoundError(
                f"The side that won initiative is a side's name or none, not {self.initiative_winner!r}."
            )
        for label, value, least in (("round number", self.number, 1), ("turn", self.turn, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise RoundError(f"The {label} is a whole number from {least}, not {value!r}.")
        _check_pairs(self.actions, Action, "declared actions")
        _check_pairs(self.turn_states, TurnState, "facing allowances")
        _check_pairs(self.initiatives, Initiative, "initiatives")
        if not isinstance(self.log, tuple) or not all(isinstance(line, str) for line in self.log):
            raise RoundError("The round's log is a tuple of lines of text.")
        if len(self.log) > LOG_KEPT or any(len(line) > LOG_LINE_KEPT for line in self.log):
            kept = tuple(line if len(line) <= LOG_LINE_KEPT else line[: LOG_LINE_KEPT - 1] + "\u2026"
                         for line in self.log[-LOG_KEPT:])
            object.__setattr__(self, "log", kept)

    def action_of(self, name: str, stats: Mapping) -> Action:
        """The action the creature called ``name`` declared this round, else its stats' action."""
        declared = _lookup(self.actions, name)
        return declared if declared is not None else stats_for(stats, name).action

    def turn_state_of(self, name: str) -> TurnState:
        """The facing allowance of the creature called ``name`` this turn."""
        state = _lookup(self.turn_states, name)
        return state if state is not None else TurnState()

    def initiative_of(self, name: str) -> Initiative | None:
        """The initiative of the creature called ``name``, ``None`` before it has one."""
        return _lookup(self.initiatives, name)


@dataclass(frozen=True)
class RoundTurn:
    """One creature's place in the round's order.

    ``rank`` counts from 1; creatures sharing a rank act at the same time. ``action`` is the
    action it declared. ``items`` are the parts of its place: its strike speed's parts, or why
    it acts when it does under initiative by sides. ``strike_speed`` is the total, ``None``
    without the strike-speed option.
    """

    rank: int
    name: str
    side: str
    level: int
    action: Action
    items: tuple[Item, ...]
    strike_speed: int | None = None


def _check_winner(encounter: Encounter, winner: str | None) -> None:
    """The initiative winner, if any, is a side some creature on the board is on."""
    if winner is not None and winner not in {creature.side for creature in encounter.creatures}:
        raise RoundError(
            f"No creature on the board is on the side '{winner}': it cannot have won initiative."
        )


def _strike_speed_order(encounter: Encounter, stats: Mapping, state: RoundState) -> tuple:
    """Seed 003: Strike Speed Based Order of Battle, through ``rules.strike_speed``."""
    combatants = [
        combatant_for(creature, stats_for(stats, creature.name), state.action_of(creature.name, stats))
        for creature in encounter.creatures
    ]
    turns = strike_order(
        combatants, initiative_winner=state.initiative_winner, options=encounter.options
    )
    return tuple(
        RoundTurn(
            turn.rank,
            turn.combatant.name,
            turn.combatant.side,
            turn.combatant.level,
            turn.combatant.action,
            turn.items,
            turn.strike_speed,
        )
        for turn in turns
    )


def _initiative_order(creatures: tuple, stats: Mapping, state: RoundState) -> tuple[RoundTurn, ...]:
    """Initiative by sides for ``creatures``: the winner's side, then the others; see the
    module's text. A winner none of them is on counts as a tie."""
    sides = []
    for creature in creatures:
        if creature.side not in sides:
            sides.append(creature.side)
    winner = state.initiative_winner if state.initiative_winner in sides else None
    turns = []
    for position, creature in enumerate(creatures):
        if winner is None:
            rank, reason = 1, "Initiative tied: every side acts together"
        elif creature.side == winner:
            rank, reason = 1, f"Side {creature.side} won initiative: acts first"
        else:
            rank, reason = 2, f"Side {creature.side} lost initiative: acts after {winner}"
        if stats_for(stats, creature.name).is_monster:
            level = f"{creature.level} hit {'die' if creature.level == 1 else 'dice'}"
        else:
            level = f"Level {creature.level}"
        items = (
            Item(reason, None, INITIATIVE_RULE),
            Item(f"{level}: the higher acts first", None, INITIATIVE_RULE),
        )
        action = state.action_of(creature.name, stats)
        key = (rank, sides.index(creature.side) if winner is not None else 0, -creature.level, position)
        turns.append((key, RoundTurn(rank, creature.name, creature.side, creature.level, action, items)))
    return tuple(turn for _, turn in sorted(turns, key=lambda pair: pair[0]))


def _sort_key(initiative: Initiative, modifier: int) -> tuple:
    """What orders two creatures' initiatives: the result, the modifier, the roll-off."""
    return (initiative.result, modifier, initiative.roll_off)


def _creature_order(encounter: Encounter, stats: Mapping, state: RoundState) -> tuple[RoundTurn, ...]:
    """Initiative per creature: the higher result first, ties by the higher initiative
    modifier, then by the higher roll-off; creatures with the same all three share a rank, in
    board order; creatures without a result come last, each side in board order, as
    ``_initiative_order`` puts them."""
    rolled, waiting = [], []
    for position, creature in enumerate(encounter.creatures):
        initiative = state.initiative_of(creature.name)
        if initiative is None:
            waiting.append(creature)
            continue
        modifier = stats_for(stats, creature.name).initiative_modifier
        rolled.append((_sort_key(initiative, modifier), position, creature, initiative, modifier))
    rolled.sort(key=lambda entry: (tuple(-part for part in entry[0]), entry[1]))
    results = Counter(entry[0][0] for entry in rolled)
    turns, rank, last = [], 0, None
    for key, _, creature, initiative, modifier in rolled:
        if key != last:
            rank, last = rank + 1, key
        items = [Item(f"Initiative {initiative.result}", None, CREATURE_INITIATIVE_RULE)]
        if results[initiative.result] > 1:
            items.append(Item(f"Initiative modifier {modifier:+d}: the higher breaks a tie", None,
                              CREATURE_INITIATIVE_RULE))
        if initiative.roll_off:
            items.append(Item(f"Roll-off {initiative.roll_off}", None, CREATURE_INITIATIVE_RULE))
        action = state.action_of(creature.name, stats)
        turns.append(RoundTurn(rank, creature.name, creature.side, creature.level, action, tuple(items)))
    note = Item("No initiative yet: acts after those that have one", None, CREATURE_INITIATIVE_RULE)
    for turn in _initiative_order(tuple(waiting), stats, state):
        turns.append(replace(turn, rank=rank + turn.rank, items=(note,) + turn.items))
    return tuple(turns)


def round_order(encounter: Encounter, stats: Mapping, state: RoundState) -> tuple[RoundTurn, ...]:
    """Every creature's turn this round, first to last: by strike speed when the table uses
    that option, else by each creature's initiative once any has one, else by initiative by
    sides (see the module's text)."""
    _check_winner(encounter, state.initiative_winner)
    if encounter.options.strike_speed:
        return _strike_speed_order(encounter, stats, state)
    if state.initiatives:
        return _creature_order(encounter, stats, state)
    return _initiative_order(encounter.creatures, stats, state)


def with_creature_initiative(state: RoundState, name: str, result: int | None) -> RoundState:
    """``state`` with the creature called ``name`` at initiative ``result`` (typed by the game
    master, or rolled), its roll-off cleared; logged ("Goblin: initiative 14"). ``None`` takes
    its initiative away ("Goblin: no initiative")."""
    if result is None:
        return add_log(replace(state, initiatives=_set(state.initiatives, name, None)), f"{name}: no initiative")
    state = replace(state, initiatives=_set(state.initiatives, name, Initiative(result)))
    return add_log(state, f"{name}: initiative {result}")


def roll_initiative(encounter: Encounter, stats: Mapping, state: RoundState, rng) -> RoundState:
    """``state`` with every creature on the board rolling initiative with ``rng``: a d20 plus
    its initiative modifier (``CombatStats.initiative_modifier``), each roll logged ("Goblin:
    initiative d20 12 + 1 = 13"), then the ties settled (``settle_ties``)."""
    lines = []
    initiatives = state.initiatives
    for creature in encounter.creatures:
        modifier = stats_for(stats, creature.name).initiative_modifier
        face = roll_die(rng, D20.sides)
        result = max(-MAX_INITIATIVE, min(MAX_INITIATIVE, face + modifier))
        initiatives = _set(initiatives, creature.name, Initiative(result))
        lines.append(f"{creature.name}: initiative d20 {face} {'+' if modifier >= 0 else '-'} {abs(modifier)} = {result}")
    state = add_log(replace(state, initiatives=initiatives), "\n".join(["Initiative rolled"] + lines))
    return settle_ties(encounter, stats, state, rng)


def settle_ties(encounter: Encounter, stats: Mapping, state: RoundState, rng) -> RoundState:
    """``state`` with every tie of initiative result and modifier rolled off with ``rng``
    (issue 15: "ties by the higher modifier, then a roll-off"): each tied creature rolls a d20,
    the higher acting first, rolled again while two still tie; logged ("Roll-off between
    Goblin and Kroh: Goblin 15, Kroh 3"). Ties already rolled off are kept."""
    groups = {}
    for creature in encounter.creatures:
        initiative = state.initiative_of(creature.name)
        if initiative is None:
            continue
        modifier = stats_for(stats, creature.name).initiative_modifier
        groups.setdefault((initiative.result, modifier), []).append(creature.name)
    initiatives = state.initiatives
    lines = []
    for (result, _), names in groups.items():
        offs = [_lookup(initiatives, name).roll_off for name in names]
        if len(names) < 2 or (all(offs) and len(set(offs)) == len(offs)):
            continue
        faces = [roll_die(rng, D20.sides) for _ in names]
        while len(set(faces)) < len(faces):
            faces = [roll_die(rng, D20.sides) for _ in names]
        for name, face in zip(names, faces):
            initiatives = _set(initiatives, name, Initiative(result, face))
        shown = ", ".join(f"{name} {face}" for name, face in zip(names, faces))
        lines.append(f"Roll-off at initiative {result} between {' and '.join(names)}: {shown}")
    if not lines:
        return state
    return add_log(replace(state, initiatives=initiatives), "\n".join(lines))


def flat_footed_names(encounter: Encounter, stats: Mapping, state: RoundState) -> frozenset:
    """The creatures that have not yet acted in the fight, case-folded: with the option
    ``flat_footed_until_first_turn`` on and initiative rolled for some creature, in round 1,
    every creature whose turn comes after the current one (SRD 3.5, Flat-Footed: "A character
    who has not yet acted during a combat is flat-footed, not yet reacting normally to the
    situation."). Before any initiative is rolled no fight has begun, and nobody is."""
    if not encounter.options.flat_footed_until_first_turn or not state.initiatives or state.number != 1:
        return frozenset()
    order = round_order(encounter, stats, state)
    index = current_index(order, state)
    if index is None:
        return frozenset()
    return frozenset(turn.name.casefold() for turn in order[index + 1:])


def current_index(order: tuple, state: RoundState) -> int | None:
    """The index in ``order`` of the current turn: ``state.turn``, or the last turn if the order
    has grown shorter; ``None`` for an empty board."""
    if not order:
        return None
    return min(state.turn, len(order) - 1)


def turn_creature(encounter: Encounter, stats: Mapping, state: RoundState) -> str | None:
    """The name of the creature whose turn it is, or ``None`` on an empty board."""
    order = round_order(encounter, stats, state)
    index = current_index(order, state)
    return None if index is None else order[index].name


def round_heading(number: int, winner: str | None) -> str:
    """The line that opens round ``number`` in the log and heads the tracker: ``"Round 2: foe
    has initiative"``, or ``"Round 2: initiative tied"`` when ``winner`` is ``None``."""
    if winner is None:
        return f"Round {number}: initiative tied"
    return f"Round {number}: {winner} has initiative"


def new_round(
    encounter: Encounter,
    stats: Mapping,
    initiative_winner: str | None = None,
    number: int = 1,
    log: tuple = (),
) -> RoundState:
    """Round ``number`` starting: ``initiative_winner`` (``None`` for a tie), every creature
    declaring its stats' usual action, every facing allowance fresh, the first turn current;
    ``log`` goes on with a line naming the round."""
    _check_winner(encounter, initiative_winner)
    actions = tuple(
        (creature.name, stats_for(stats, creature.name).action) for creature in encounter.creatures
    )
    heading = round_heading(number, initiative_winner)
    return RoundState(initiative_winner, number, 0, actions, (), tuple(log) + (heading,))


def with_initiative(encounter: Encounter, state: RoundState, winner: str | None) -> RoundState:
    """``state`` with ``winner`` (``None``: a tie) as the side that won this round's initiative,
    logged."""
    _check_winner(encounter, winner)
    return add_log(replace(state, initiative_winner=winner), round_heading(state.number, winner))


def declare_action(state: RoundState, name: str, action) -> RoundState:
    """``state`` with the creature called ``name`` declaring ``action`` (an ``Action`` or its
    name in the seed's table) for the round."""
    if not isinstance(action, Action):
        action = parse_action(str(action))
    return replace(state, actions=_set(state.actions, name, action))


def with_turn_state(state: RoundState, name: str, turn_state: TurnState) -> RoundState:
    """``state`` with the creature called ``name``'s facing allowance now ``turn_state`` (what
    ``rules.facing.turn`` answered, or ``TurnState.after_move()`` when a move ends)."""
    if not isinstance(turn_state, TurnState):
        raise RoundError(f"A facing allowance is a TurnState, not {turn_state!r}.")
    return replace(state, turn_states=_set(state.turn_states, name, turn_state))


def next_turn(encounter: Encounter, stats: Mapping, state: RoundState) -> RoundState:
    """The next creature's turn, with a fresh facing allowance; after the last turn, the first
    turn of the next round (same initiative winner and declarations, every allowance fresh)."""
    order = round_order(encounter, stats, state)
    index = current_index(order, state)
    if index is not None and index + 1 < len(order):
        name = order[index + 1].name
        return replace(state, turn=index + 1, turn_states=_set(state.turn_states, name, None))
    number = state.number + 1
    return replace(
        state,
        number=number,
        turn=0,
        turn_states=(),
        log=state.log + (_opening(encounter, state, number),),
    )


def _opening(encounter: Encounter, state: RoundState, number: int) -> str:
    """The log line that opens round ``number``: ``round_heading``, or ``"Round 2: by each
    creature's initiative"`` when those order it."""
    if state.initiatives and not encounter.options.strike_speed:
        return f"Round {number}: by each creature's initiative"
    return round_heading(number, state.initiative_winner)


def previous_turn(encounter: Encounter, stats: Mapping, state: RoundState) -> RoundState:
    """The turn before this one (the last of the round before, from a round's first turn),
    every facing allowance as it is. There is no turn before the first of round 1."""
    order = round_order(encounter, stats, state)
    index = current_index(order, state)
    if index:
        return replace(state, turn=index - 1)
    if state.number == 1:
        raise RoundError("This is the first turn of round 1: there is no turn before it.")
    number = state.number - 1
    return replace(
        state, number=number, turn=max(len(order) - 1, 0), log=state.log + (f"Back to round {number}",)
    )


def add_log(state: RoundState, text: str) -> RoundState:
    """``state`` with ``text`` added to its log, one entry per line of it."""
    if not isinstance(text, str):
        raise RoundError(f"The log takes text, not {text!r}.")
    return replace(state, log=state.log + tuple(text.splitlines()))


def log_text(state: RoundState) -> str:
    """The log as one text to copy, a line per entry."""
    return "\n".join(state.log)


def turn_passed(encounter: Encounter) -> tuple[Encounter, tuple[str, ...]]:
    """``(encounter, ended)``: ``encounter`` at the next turn (``next_turn``), with the
    conditions whose time ran out at the boundaries passed taken off (``rules.conditions.
    expire``: the end of this creature's turn, the end of the round after the last turn, the
    start of the next creature's turn), and the log lines saying which ("Goblin is no longer
    prone"), also added to the round's log. A dead creature takes no turn: its turn passes at
    once, logged ("Goblin is dead: its turn passes"), with the boundaries it passes."""
    from rules.conditions import ROUND_END, expire, turn_end, turn_start

    stats = encounter.stats_map()
    state = encounter.round_state()
    before = turn_creature(encounter, stats, state)
    conditions, ended = encounter.conditions, ()
    for _ in range(len(encounter.creatures) + 1):
        after_state = next_turn(encounter, stats, state)
        after = turn_creature(encounter, stats, after_state)
        events = []
        if before is not None:
            events.append(turn_end(before))
        if after_state.number != state.number:
            events.append(ROUND_END)
        if after is not None:
            events.append(turn_start(after))
        expiry = expire(conditions, events)
        conditions, lines = expiry.kept, expiry.log()
        ended += lines
        for line in lines:
            after_state = add_log(after_state, line)
        state, before = after_state, after
        if after is None or "dead" not in encounter.conditions_of(after):
            break
        state = add_log(state, f"{after} is dead: its turn passes")
    return replace(encounter, conditions=conditions, round=state), ended
