"""The fight on the board: hit point bars and condition badges under and on the tokens, and the
card's words for them. Pure functions of the encounter; the rules (``rules.health``,
``rules.conditions``) decide what a creature's hit points and conditions are.

A bar runs along the foot of a creature's space, green above half, amber above a quarter, red
below, empty at 0 and under; its state is also written in the card ("-3/12 hp, dying"), so
colour is never the only cue. Each condition is a lettered badge at the space's top-right
corner (``rules.conditions`` gives the letters), so a prone goblin reads "Pr" at a glance.
"""

from web.scene import circle, polygon

BAR_COLOURS = ((0.5, "#009E73"), (0.25, "#E69F00"), (0.0, "#D55E00"))
"""The bar's colour by the share of hit points left: above half, above a quarter, above 0."""
BADGE_FILL = "#1d2433"


def hp_text(maximum, now, conditions) -> str:
    """The card's words for a creature's hit points: ``"12/12 hp"``, ``"-3/12 hp, dying"``, or
    ``"hp not tracked"`` (set a maximum in its combat stats)."""
    if not maximum:
        return "hp not tracked"
    from rules.health import Vitals

    return Vitals(maximum, now).text()


def condition_choices(conditions) -> list:
    """The card's list of conditions to add: every row of the table not on the creature, and
    not one its hit points decide (disabled, dying, dead, stable), nor one that needs a number
    only its effect gives (feinted: the Feint of a critical miss)."""
    from rules.conditions import CONDITION_TABLE, PENALTY_TO_ALL_ACTIONS

    kept_by_hp = {"disabled", "dying", "dead", "stable"}
    rows = [(row.name, row.name.capitalize()) for row in CONDITION_TABLE
            if row.name not in conditions and row.name not in kept_by_hp and not row.has(PENALTY_TO_ALL_ACTIONS)]
    return [("", "Add condition\u2026")] + rows


DURATION_CHOICES = (
    ("removed", "until removed"),
    ("turn", "to its next turn's end"),
    ("round", "to next round's end"),
    ("1", "for 1 round"),
    ("2", "for 2 rounds"),
    ("3", "for 3 rounds"),
    ("10", "for 1 minute"),
)
"""How long a condition added from the card lasts: the card's second list (``duration_for``)."""


def duration_for(choice: str, name: str, current: str | None):
    """The ``rules.conditions.Duration`` of a ``DURATION_CHOICES`` value for a condition put on
    the creature called ``name`` while it is ``current``'s turn (``None``: no round under way):
    N rounds are counted on the turns of whoever's turn it is, or the creature's own."""
    from rules.conditions import UNTIL_REMOVED, end_of_next_round, end_of_next_turn, for_rounds

    if choice == "turn":
        return end_of_next_turn(name)
    if choice == "round":
        return end_of_next_round()
    if choice.isdigit():
        return for_rounds(int(choice), current or name)
    return UNTIL_REMOVED


def status_ops(encounter, layout, scale=1.0, bars=True):
    """The hit point bar and the condition badges of every creature that has either, in
    device pixels (``layout``); a creature flat-footed because it has not yet acted
    (``Encounter.not_yet_acted``) has that badge too."""
    waiting = encounter.not_yet_acted
    if not encounter.stats and not encounter.conditions and not waiting:
        return []
    from rules.combatant import vitals_of
    from rules.conditions import badges

    grid = encounter.grid
    ops = []
    size = layout.cell_size
    # One pass over the stats and the conditions (this runs every frame): who has what.
    stats = dict(encounter.stats)
    applied = {}
    for each in encounter.conditions:
        applied.setdefault(each.creature, []).append(each.condition)
    for creature in encounter.creatures:
        flat = creature.name.casefold() in waiting
        if creature.name not in stats and creature.name not in applied and not flat:
            continue
        vitals = vitals_of(stats[creature.name]) if creature.name in stats else None
        names = list(dict.fromkeys(applied.get(creature.name, ())))
        if vitals is not None:
            names += [state for state in vitals.conditions if state not in names]
        if flat and "flat-footed" not in names:
            # Not yet acted in round 1 (rules.round.flat_footed_names).
            names.append("flat-footed")
        if not bars:
            vitals = None
        if vitals is None and not names:
            continue
        corners = [point for cell in creature.cells(grid) for point in layout.corners(cell)]
        left, right = min(x for x, _ in corners), max(x for x, _ in corners)
        top, bottom = min(y for _, y in corners), max(y for _, y in corners)
        if vitals is not None:
            width = (right - left) * 0.8
            x0, height = left + (right - left) * 0.1, max(4 * scale, size * 0.12)
            y0 = bottom - height - size * 0.04
            share = max(0.0, min(1.0, vitals.current / vitals.maximum))
            colour = next(colour for least, colour in BAR_COLOURS if share > least or least == 0.0)
            ops.append(("path", polygon(((x0, y0), (x0 + width, y0), (x0 + width, y0 + height), (x0, y0 + height))),
                        "#ffffff", "#1d2433", 1 * scale))
            if share > 0:
                ops.append(("path", polygon(((x0, y0), (x0 + width * share, y0), (x0 + width * share, y0 + height),
                                             (x0, y0 + height))), colour, None, 0))
        letters = badges(names)
        r = max(7 * scale, size * 0.2)
        font = f"700 {max(7, round(r * 1.1))}px system-ui, sans-serif"
        for index, letter in enumerate(letters[:4]):
            cx, cy = right - r * (1.1 + 2.1 * index), top + r * 1.1
            ops.append(("path", circle(cx, cy, r), BADGE_FILL, "#ffffff", 1.2 * scale))
            ops.append(("text", cx, cy, letter, font, "#ffffff"))
        if len(letters) > 4:
            cx, cy = right - r * (1.1 + 2.1 * 4), top + r * 1.1
            ops.append(("path", circle(cx, cy, r), "#ffffff", BADGE_FILL, 1.2 * scale))
            ops.append(("text", cx, cy, f"+{len(letters) - 4}", font, BADGE_FILL))
    return ops


DROPPED_FILL = "#8a5a1e"
"""A dropped weapon or shield's marker: a brown diamond with a white W, at the lower left of
its cell, over any token standing there."""


def dropped_ops(encounter, layout, scale=1.0):
    """The markers of the weapons and shields lying on the board (``Encounter.dropped``)."""
    ops = []
    size = layout.cell_size
    r = max(8 * scale, size * 0.26)
    font = f"700 {max(8, round(r * 1.0))}px system-ui, sans-serif"
    for item in encounter.dropped:
        corners = layout.corners(item.cell)
        left, bottom = min(x for x, _ in corners), max(y for _, y in corners)
        cx, cy = left + r * 1.2, bottom - r * 1.2
        ops.append(("path", polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))), DROPPED_FILL,
                    "#ffffff", 1.2 * scale))
        ops.append(("text", cx, cy, "W", font, "#ffffff"))
    return ops
