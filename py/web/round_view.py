"""The round tracker's rows: a pure function from the board, the combat stats and the round.

One ``RoundRow`` per creature, in the round's order (``rules.round.round_order``): its rank,
its initiative result, the action it declared, its strike speed with every part as text (or, without the strike-speed
option, why it acts when it does under initiative by sides), whether it is the creature whose
turn it is, and its facing allowance this turn ("free turn left", "turned (free)"), read from
``rules.facing``'s turning rules for the board's ruleset. Nothing here decides a rule or
touches the browser; it runs under CPython, where its tests are.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.encounter import Encounter
from rules.facing import TurnState, combat_rules
from rules.options import DEFAULT_OPTIONS, Options
from rules.round import RoundState, current_index, round_heading, round_order
from rules.strike_speed import action_name
from rules.zones import Ruleset


def facing_allowance(ruleset: Ruleset, state: TurnState) -> str:
    """What a creature in ``state`` may still do to turn this turn, under ``ruleset``.

    "free turn left" or "turned (free)" for the once-a-turn change (UA's free action, the
    variant's Reaction); under UA a creature that moved further than a 5-foot step has "moved:
    no free turn", and "no move action to turn with" is added once its move action is spent;
    "ending its move: sets its facing now" while it declares its facing after a move. Without
    facing rules a creature "turns freely".
    """
    rules = combat_rules(ruleset).turning
    if rules.unlimited:
        return "turns freely (no facing rules)"
    if state.declaring:
        return "ending its move: sets its facing now"
    if state.free_turn_used:
        text = "turned (free)"
    elif rules.free_turn_needs_stillness and state.moved:
        text = "moved: no free turn"
    else:
        text = "free turn left"
    if rules.move_action_turn and state.move_action_used:
        text += "; no move action to turn with"
    return text


@dataclass(frozen=True)
class RoundRow:
    """One creature's row in the round tracker.

    ``rank`` is its place (creatures sharing one act together); ``action`` the name of the
    action it declared; ``strike_speed`` its total, ``None`` without the strike-speed option;
    ``parts`` the parts of its place as text, ``"; "`` between them; ``current`` whether it is
    the creature whose turn it is; ``facing`` its facing allowance this turn and
    ``facing_rule`` the rule that allowance follows; ``initiative`` its initiative result as
    text, empty before it has one.
    """

    rank: int
    name: str
    side: str
    action: str
    strike_speed: int | None
    parts: str
    current: bool
    facing: str
    facing_rule: str
    initiative: str = ""

    def text(self) -> str:
        """The row as copyable text: ``"1. Aldric (party), Medium Length Weapon: 11 (...):
        free turn left"``, marked ``"> "`` when it is the current turn."""
        speed = "" if self.strike_speed is None else f": {self.strike_speed}"
        mark = "> " if self.current else ""
        who = f"{mark}{self.rank}. {self.name} ({self.side})"
        return f"{who}, {self.action}{speed} ({self.parts}): {self.facing}"


def round_rows(encounter: Encounter, stats: Mapping, round_state: RoundState) -> tuple[RoundRow, ...]:
    """The round tracker's rows for the board, first to act to last (see ``RoundRow``)."""
    order = round_order(encounter, stats, round_state)
    current = current_index(order, round_state)
    rule = combat_rules(encounter.ruleset).turning.rule
    return tuple(
        RoundRow(
            rank=turn.rank,
            name=turn.name,
            side=turn.side + (", dead: no turn" if "dead" in encounter.conditions_of(turn.name) else ""),
            action=action_name(turn.action),
            strike_speed=turn.strike_speed,
            parts="; ".join(item.text() for item in turn.items),
            current=index == current,
            facing=facing_allowance(encounter.ruleset, round_state.turn_state_of(turn.name)),
            facing_rule=rule,
            initiative=_initiative_text(round_state, turn.name),
        )
        for index, turn in enumerate(order)
    )


def _initiative_text(round_state: RoundState, name: str) -> str:
    """The initiative result of the creature called ``name`` as text, ``""`` without one."""
    initiative = round_state.initiative_of(name)
    return "" if initiative is None else str(initiative.result)


def round_title(round_state: RoundState, options: Options = DEFAULT_OPTIONS) -> str:
    """The tracker's heading: ``"Round 2: foe has initiative"``, or, when each creature's
    initiative orders the round (``rules.round.round_order``), ``"Round 2: by each creature's
    initiative"``."""
    if round_state.initiatives and not options.strike_speed:
        return f"Round {round_state.number}: by each creature's initiative"
    return round_heading(round_state.number, round_state.initiative_winner)


def tracker_text(encounter: Encounter, stats: Mapping, round_state: RoundState) -> str:
    """The tracker as copyable text: its heading, then a line per row."""
    rows = round_rows(encounter, stats, round_state)
    return "\n".join((round_title(round_state, encounter.options),) + tuple(row.text() for row in rows))
