"""The table panels' content and changes, as pure functions of the encounter. No browser.

The attack panel, the combat stats editor, the optional-rule switches and the round tracker
read and change the encounter through these functions, which ask ``rules`` and the pure views
(``web.attack_view``, ``web.round_view``) and decide no rule themselves: the stats form is read
into ``rules.combatant.CombatStats``, whose checks give the player's message; a roll goes to
the round's log; a creature turning or moving on its turn updates its facing allowance with
``rules.facing.turn`` (UA Combat Facing, Changing Facing; seed 001's Reaction).
"""

from dataclasses import dataclass, replace

from rules.combatant import CombatStats, CombatStatsError
from rules.crits import FORCED_MOVES, CritHitEffect
from rules.facing import AttackKind, TurnError, Turning, kind_name, turn, turn_in_place
from rules.options import OPTION_INFO, OptionsError, set_option
from rules.round import add_log, previous_turn, with_initiative, with_turn_state
from rules.stances import Shield, Stance, stance_name
from rules.strike_speed import Action, action_name
from web.attack_view import RollView, attack_panel, roll_attack
from web.round_view import round_rows, round_title

MAX_LOG_LINES = 500
"""The log lines a link carries (``rules.link.MAX_LOG_LINES``): the page keeps the latest."""


@dataclass(frozen=True)
class StatsField:
    """One control of the combat stats editor: the ``CombatStats`` field ``name``, its
    ``label``, its ``kind`` (``"number"``, ``"text"``, ``"switch"`` or ``"choice"``) and, for a
    choice, its ``(value, label)`` ``choices``."""

    name: str
    label: str
    kind: str
    choices: tuple = ()


STATS_FORM = (
    StatsField("max_hit_points", "Hit points (max, 0: not tracked)", "number"),
    StatsField("hit_points", "Hit points now", "number"),
    StatsField("attack_bonus", "Attack bonus", "number"),
    StatsField("armor_class", "Armor Class", "number"),
    StatsField("damage", "Damage dice", "text"),
    StatsField("crossbow", "Ranged weapon is a crossbow", "switch"),
    StatsField("strength_bonus", "Strength bonus", "number"),
    StatsField("initiative_modifier", "Initiative modifier", "number"),
    StatsField("shield", "Shield", "choice", tuple((shield.value, shield.value.capitalize()) for shield in Shield)),
    StatsField("shield_bonus", "Shield's AC bonus", "number"),
    StatsField("shield_bash", "Shield bash dice", "text"),
    StatsField("stance", "Stance", "choice", tuple((stance.value, stance_name(stance)) for stance in Stance)),
    StatsField("action", "Declared action", "choice", tuple((action.value, action_name(action)) for action in Action)),
    StatsField("spell", "Spell (when casting)", "text"),
    StatsField("spell_target", "Spell's target", "text"),
    StatsField("is_fighter", "Fighter", "switch"),
    StatsField("is_fighting_class", "Fighting class", "switch"),
    StatsField("crits_as_fighter", "Critical hits as a Fighter", "switch"),
    StatsField("may_maneuver", "May use combat maneuvers", "switch"),
    StatsField("is_monster", "Monster", "switch"),
    StatsField("classed_as_fighter", "Monster classed as a fighter", "switch"),
)
"""The combat stats editor's controls, in the order the page shows them."""

ATTACK_KINDS = tuple((kind_name(kind), kind.value.label[0].upper() + kind.value.label[1:]) for kind in AttackKind)
"""The attack panel's kinds of attack (``rules.facing.AttackKind``), as ``(value, label)``."""

STANCES = tuple((stance.value, stance_name(stance)) for stance in Stance)
"""The combat stances (Seed 003: Combat Stance), as ``(value, label)``."""

ACTIONS = tuple((action.value, action_name(action)) for action in Action)
"""The strike-speed table's actions (Seed 003: Strike Speed), as ``(value, label)``."""


def stats_form_values(stats: CombatStats) -> dict:
    """The editor's values for ``stats``: text for inputs and choices, booleans for switches."""
    values = {}
    for field in STATS_FORM:
        value = getattr(stats, field.name)
        if field.kind == "switch":
            values[field.name] = bool(value)
        elif field.kind == "choice":
            values[field.name] = value.value
        else:
            values[field.name] = str(value)
    return values


def stats_from_form(values: dict, base: CombatStats) -> CombatStats:
    """The ``CombatStats`` the editor's ``values`` describe (fields it lacks from ``base``);
    a number that is not one, or stats that do not fit together, raise ``CombatStatsError``."""
    changes = {}
    labels = {field.name: field.label for field in STATS_FORM}
    for field in STATS_FORM:
        if field.name not in values:
            continue
        raw = values[field.name]
        if field.kind == "number":
            text = str(raw).strip()
            try:
                changes[field.name] = int(text)
            except ValueError:
                raise CombatStatsError(f"The {labels[field.name]} is a whole number, not '{text}'") from None
        elif field.kind == "switch":
            changes[field.name] = bool(raw)
        else:
            changes[field.name] = str(raw)
    if not base.max_hit_points and changes.get("max_hit_points") and changes.get("hit_points", 0) in (0, base.hit_points):
        # Hit points tracked from now: a creature starts unhurt.
        changes["hit_points"] = changes["max_hit_points"]
    return replace(base, **changes)


def option_value(name: str, raw):
    """The value a control gives the option called ``name``: its ``checked`` for a switch, its
    text read as a whole number for a number (``rules.options`` checks the bounds)."""
    info = next(info for info in OPTION_INFO if info.name == name)
    if not info.is_number:
        return bool(raw)
    text = str(raw).strip()
    if text.lstrip("-").isdigit():
        return int(text)
    least, greatest = info.bounds
    raise OptionsError(f"The option '{info.label}' is a whole number from {least} to {greatest}, not '{text}'")


def with_option(encounter, name: str, raw):
    """``encounter`` with the option called ``name`` set from its control (``set_option`` keeps
    the options consistent)."""
    return replace(encounter, options=set_option(encounter.options, name, option_value(name, raw)))


def logged(encounter, text: str):
    """``encounter`` with ``text`` added to the round's log, the log kept to ``MAX_LOG_LINES``."""
    return _with_trimmed(encounter, add_log(encounter.round_state(), text))


def _with_trimmed(encounter, state):
    """``encounter`` with the round ``state``, its log kept to ``MAX_LOG_LINES``."""
    if len(state.log) > MAX_LOG_LINES:
        state = replace(state, log=state.log[-MAX_LOG_LINES:])
    return encounter.with_round(state)


def initiative_rolled(encounter, rng):
    """``encounter`` with every creature rolling initiative with ``rng``, d20 plus its
    initiative modifier, the rolls and any roll-off logged (``rules.round.roll_initiative``)."""
    from rules.round import roll_initiative

    return _with_trimmed(encounter, roll_initiative(encounter, encounter.stats_map(), encounter.round_state(), rng))


def initiative_typed(encounter, name: str, text: str, rng):
    """``encounter`` with the initiative the game master typed for the creature called
    ``name`` (a whole number; empty takes it away), logged, a tie it makes rolled off with
    ``rng`` (``rules.round.settle_ties``); ``RoundError`` for text that is not a whole number."""
    from rules.round import RoundError, settle_ties, with_creature_initiative

    raw = str(text).strip()
    if raw and not (raw[1:] if raw[0] in "+-" else raw).isdigit():
        raise RoundError(f"{name}'s initiative is a whole number, not '{raw}'")
    state = with_creature_initiative(encounter.round_state(), name, int(raw) if raw else None)
    return _with_trimmed(encounter, settle_ties(encounter, encounter.stats_map(), state, rng))


def panel_for(encounter, attacker: str, target: str, kind: str, maneuver: str):
    """The attack panel (``web.attack_view.AttackPanel``) for the panel's choice."""
    return attack_panel(encounter, encounter.stats_map(), attacker, target, kind, maneuver.strip() or None)


def rolled(encounter, attacker: str, target: str, kind: str, maneuver: str, rng) -> tuple:
    """Roll the chosen attack: ``(encounter, view)``, the encounter with the roll in the log
    and, under the variant, the attacker turned to face its target (seed 001: "it
    automatically turns to face the target of the attack") with ``rules.facing.turn_in_place``."""
    view: RollView = roll_attack(
        encounter, encounter.stats_map(), attacker, target, kind, rng, maneuver.strip() or None
    )
    if view.new_facing is not None:
        creature = encounter.creature(attacker)
        encounter = encounter.replace(creature.name, turn_in_place(creature, view.new_facing, encounter.grid))
    encounter = logged(encounter, view.text())
    if view.result.is_hit and view.result.damage:
        encounter = damaged(encounter, view.panel.target, view.result.damage)
    if view.result.loses_next_attack:
        from rules.conditions import AppliedCondition

        encounter = encounter.with_condition(AppliedCondition(
            "loses next attack", view.panel.target,
            source="Critical Hits: a monster critically hit loses its next attack"))
    return encounter, view


def attack_lost(encounter, attacker: str):
    """``(encounter, message)`` when the creature called ``attacker`` has lost its next attack
    (seed 003, Critical Hits: "cause them to lose their next attack"): the attack is not made,
    the log says so and the condition ends; ``None`` when it has not."""
    if "loses next attack" not in encounter.conditions_of(attacker):
        return None
    message = f"{attacker}'s attack is lost: a critical hit took its next attack (seed 003)"
    return logged(encounter.without_condition(attacker, "loses next attack"), message), message + "."


def damaged(encounter, name: str, amount: int):
    """``encounter`` with ``amount`` damage dealt to the creature called ``name`` (healing if
    negative), when the table tracks its hit points (``rules.combatant.with_damage``), the
    state it is left in logged ("Goblin: 2/7 hp")."""
    from rules.combatant import vitals_of, with_damage

    stats = encounter.stats_of(name)
    if vitals_of(stats) is None:
        return encounter
    after = with_damage(stats, amount)
    encounter = encounter.with_stats(name, after)
    return logged(encounter, f"{name}: {vitals_of(after).text()}")


def turned_first(encounter, attacker: str, target: str, kind: str, maneuver: str):
    """``encounter`` with the attacker turned to the facing the rules say it must take before
    this attack (``AttackPanel.turn_first``: a UA spell into its rear), or as it was."""
    panel = panel_for(encounter, attacker, target, kind, maneuver)
    if panel.turn_first is None:
        return encounter
    creature = encounter.creature(attacker)
    return encounter.replace(creature.name, turn_in_place(creature, panel.turn_first, encounter.grid))


def roll_lines(view: RollView) -> tuple:
    """The roll as the panel shows it: the headline, every die, the sneak attack and the turn."""
    lines = [view.headline]
    lines += [f"Die {text}" for text in view.dice]
    if view.result.is_hit:
        lines.append(f"Damage {view.result.damage}")
        lines += [item.text() for item in view.result.damage_items if item.reason.startswith("Critical hit")]
    lines += [item.text() for item in view.result.notes]
    if view.sneak_attack:
        lines.append(view.sneak_attack_text())
    if view.panel.new_facing_name is not None:
        lines.append(f"{view.panel.attacker} now faces {view.panel.new_facing_name}")
    if view.effects:
        lines.append(f"{view.effect_chooser} may impose one of these effects:")
    return tuple(lines)


def roll_message(encounter, view: RollView) -> str:
    """What the status line says of a roll: its headline, then on a hit the damage and the
    target's hit points as they are left (``encounter``, after the roll), and who may now choose
    an effect."""
    from rules.combatant import vitals_of

    message = view.headline + "."
    target = view.panel.target
    if view.result.is_hit:
        message += f" {target} takes {view.result.damage} damage"
        vitals = vitals_of(encounter.stats_of(target)) if target in encounter.names() else None
        message += f": {vitals.text()}." if vitals is not None else "."
    if view.effects:
        message += f" {view.effect_chooser} may impose one effect: see the Attack tab."
    return message


def effect_chosen(encounter, view: RollView, index: int, rng=None):
    """``encounter`` with the chooser imposing effect number ``index`` of the roll's offers,
    logged, and the message for the status line. An effect that puts a condition on a creature
    (``rules.crits.effect_condition``: Trip, Disorient, Hinder, Blind) puts it there with its
    duration. A forced move (``forced_by``) is then made by dragging the target, within what
    the rules allow; what a Counterattack, a Disengage or a Redirect Attack lets the defender
    do is said in the log and the message (``RollView.guidance``)."""
    from rules.crits import effect_condition

    offer = view.effects[index]
    line = f"{view.effect_chooser} imposes {offer.rule.name}"
    if offer.amount:
        line += f" ({offer.amount})"
    applied = effect_condition(offer.effect, view.panel.attacker, view.panel.target, offer.amount)
    message = f"{line}: {offer.rule.text}"
    then = view.guidance[index] if view.guidance else None
    if then:
        line += f". {then}."
        message += f" {then}."
    if applied is not None:
        encounter = encounter.with_condition(applied)
        amount = f" (-{applied.amount} to all actions)" if applied.amount else ""
        message += f" {applied.creature} is {applied.condition}{amount} {applied.duration.text()}."
    if offer.effect is CritHitEffect.DISARM:
        import random

        encounter, landed = disarmed(encounter, view.panel.target, offer.amount, rng or random.Random())
        line += f". {landed}"
        message += f" {landed}."
    return logged(encounter, line), message


def disarmed(encounter, target: str, feet: int, rng):
    """``(encounter, words)``: the target's weapon or shield knocked ``feet`` away in the
    direction ``rng`` draws (``rules.dropped.disarm_landing``), lying on the board."""
    from rules.dropped import DroppedItem, disarm_landing

    creature = encounter.creature(target)
    space = frozenset(creature.cells(encounter.grid))
    cell, direction, flown, stopped = disarm_landing(encounter.grid, encounter.terrain, creature.anchor, feet, rng, space)
    item = DroppedItem(cell, target)
    where = f"lands {flown} ft {direction}" if flown else "falls at its feet"
    short = f", stopped by {stopped}" if stopped else ""
    return encounter.with_dropped(item), f"{item.text()} {where}{short}"


def forced_by(view: RollView, index: int):
    """The forced move that choosing effect number ``index`` imposes, or ``None``:
    ``{"name", "feet", "away", "effect"}``: who is moved, how far at most, from whom it must be
    pushed back (Shield Slam) and the effect's name (seed 003, ``FORCED_MOVES``)."""
    offer = view.effects[index]
    if offer.effect not in FORCED_MOVES:
        return None
    away = view.panel.attacker if offer.effect is CritHitEffect.SHIELD_SLAM else None
    return {"name": view.panel.target, "feet": offer.amount, "away": away, "effect": offer.rule.name}


def started(encounter, winner: str | None):
    """``encounter`` with ``winner`` (``None``: a tie) as the side that won this round's
    initiative, logged."""
    return encounter.with_round(with_initiative(encounter, encounter.round_state(), winner))


def stepped(encounter, forward: bool):
    """``encounter`` at the next (or previous) turn of the round. Forward, the conditions whose
    time ran out end (``rules.round.turn_passed``; the log says which); back, nothing ends or
    comes back (undo does that)."""
    if forward:
        from rules.round import turn_passed

        return turn_passed(encounter)[0]
    return encounter.with_round(previous_turn(encounter, encounter.stats_map(), encounter.round_state()))


def tracker(encounter) -> tuple:
    """``(title, rows)``: the round tracker's heading and its rows (``web.round_view``)."""
    state = encounter.round_state()
    return round_title(state, encounter.options), round_rows(encounter, encounter.stats_map(), state)


def current_name(encounter):
    """The name of the creature whose turn it is, or ``None``: no creature, or no round begun."""
    if encounter.round is None or not encounter.creatures:
        return None
    for row in round_rows(encounter, encounter.stats_map(), encounter.round):
        if row.current:
            return row.name
    return None


def after_move(encounter, name: str, path):
    """``encounter`` after the creature called ``name`` moved along ``path`` (a
    ``rules.movement.Path``) on its turn. If the path says it sets its facing at the end
    (``Path.sets_facing``: UA, any move but a 5-foot step; seed 001, any voluntary movement), it
    does so now, and a move that took every action (``Path.uses_all_actions``) leaves none to
    turn with (UA Combat Facing, Changing Facing)."""
    if current_name(encounter) != name or not path.sets_facing:
        return encounter
    state = encounter.round.turn_state_of(name).after_move(all_actions=path.uses_all_actions)
    return encounter.with_round(with_turn_state(encounter.round, name, state))


def after_turn(encounter, before):
    """``(encounter, message)`` after the creature ``before`` (as it stood) turned on the board
    to its facing in ``encounter``. On its turn the turn is spent from its allowance
    (``rules.facing.turn``: at the end of its move, else its once-a-turn change, else a move
    action); ``message`` is the rules' refusals when none is left (the board keeps the turn:
    the referee may allow it, and undo takes it back), else ``None``."""
    name = before.name
    now = encounter.creature(name)
    if current_name(encounter) != name or now.facing == before.facing:
        return encounter, None
    state = encounter.round.turn_state_of(name)
    ways = (Turning.END_OF_MOVE,) if state.declaring else (Turning.FREE, Turning.MOVE_ACTION)
    refusals = []
    for how in ways:
        try:
            done = turn(before, now.facing, encounter.grid, encounter.ruleset, state, how)
        except TurnError as error:
            refusals.append(str(error))
            continue
        return encounter.with_round(with_turn_state(encounter.round, name, done.state)), None
    return encounter, (" ".join(refusals) + " The board keeps the turn, as the referee may allow it; Undo takes it "
                       "back.")


def sides(encounter) -> tuple:
    """The sides some creature is on, in board order: the initiative choices."""
    seen = []
    for creature in encounter.creatures:
        if creature.side not in seen:
            seen.append(creature.side)
    return tuple(seen)
