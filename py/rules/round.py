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

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.combatant import combatant_for, stats_for
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.facing import TurnState
from rules.itemise import Item
from rules.strike_speed import Action, parse_action, strike_order

INITIATIVE_RULE = "Standard rules: initiative by sides (a Flankwise reading)"
"""The rule the plain initiative order cites."""


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
class RoundState:
    """One round in progress.

    ``initiative_winner`` is the side that won initiative this round, ``None`` for a tie;
    ``number`` counts rounds from 1; ``turn`` is the index of the current turn in
    ``round_order``, from 0. ``actions`` pairs creature names with the ``Action`` each declared
    for the round (a creature without one takes its ``CombatStats.action``); ``turn_states``
    pairs names with each creature's facing allowance this turn (without one: a fresh
    ``TurnState()``). ``log`` is the round's lines of text, oldest first.
    """

    initiative_winner: str | None = None
    number: int = 1
    turn: int = 0
    actions: tuple = ()
    turn_states: tuple = ()
    log: tuple = ()

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
        if not isinstance(self.log, tuple) or not all(isinstance(line, str) for line in self.log):
            raise RoundError("The round's log is a tuple of lines of text.")

    def action_of(self, name: str, stats: Mapping) -> Action:
        """The action the creature called ``name`` declared this round, else its stats' action."""
        declared = _lookup(self.actions, name)
        return declared if declared is not None else stats_for(stats, name).action

    def turn_state_of(self, name: str) -> TurnState:
        """The facing allowance of the creature called ``name`` this turn."""
        state = _lookup(self.turn_states, name)
        return state if state is not None else TurnState()


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


def _initiative_order(encounter: Encounter, stats: Mapping, state: RoundState) -> tuple[RoundTurn, ...]:
    """Initiative by sides: the winner's side, then the others; see the module's text."""
    sides = []
    for creature in encounter.creatures:
        if creature.side not in sides:
            sides.append(creature.side)
    winner = state.initiative_winner
    turns = []
    for position, creature in enumerate(encounter.creatures):
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


def round_order(encounter: Encounter, stats: Mapping, state: RoundState) -> tuple[RoundTurn, ...]:
    """Every creature's turn this round, first to last: by strike speed when the table uses
    that option, else by initiative by sides (see the module's text)."""
    _check_winner(encounter, state.initiative_winner)
    if encounter.options.strike_speed:
        return _strike_speed_order(encounter, stats, state)
    return _initiative_order(encounter, stats, state)


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
        log=state.log + (round_heading(number, state.initiative_winner),),
    )


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
    prone"), also added to the round's log."""
    from rules.conditions import ROUND_END, expire, turn_end, turn_start

    stats = encounter.stats_map()
    state = encounter.round_state()
    before = turn_creature(encounter, stats, state)
    after_state = next_turn(encounter, stats, state)
    after = turn_creature(encounter, stats, after_state)
    events = []
    if before is not None:
        events.append(turn_end(before))
    if after_state.number != state.number:
        events.append(ROUND_END)
    if after is not None:
        events.append(turn_start(after))
    expiry = expire(encounter.conditions, events)
    lines = expiry.log()
    for line in lines:
        after_state = add_log(after_state, line)
    return replace(encounter, conditions=expiry.kept, round=after_state), lines
