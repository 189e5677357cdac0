"""The token form's values: a creature as the form shows it, and the form's changes as a
creature. Pure, so tests run it under CPython.

The form's fields are text, as its controls hold them: ``name``, ``size`` (a ``Size`` name),
``side``, ``kind`` (``"ordinary"``, ``"faceless"`` or ``"preset:<name>"`` for one of the seed's
faceless creatures), ``facing`` (a direction number, or ``""`` for none), ``level`` and
``rogue``. Only the fields the player changed are applied to the creature as it is now
(``web.forms.Draft``); the creature's own checks decide what is valid, and their message is
what the player sees.
"""

from dataclasses import replace

from rules.creature import Creature, CreatureError, clean_name, has_facing
from rules.sizes import Size, facing_names

FIELDS = ("name", "size", "side", "kind", "facing", "level", "rogue")
"""The token form's fields, in the order it shows them."""

NEW_TOKEN = {
    "name": "",
    "size": "MEDIUM",
    "side": "friend",
    "kind": "ordinary",
    "facing": "0",
    "level": "1",
    "rogue": "0",
}
"""What the form shows for a new token: a Medium friend facing the first way, level 1."""


def kind_of(creature: Creature) -> str:
    """The form's kind for ``creature``: its faceless preset, faceless, or ordinary."""
    if creature.faceless_as is not None:
        return f"preset:{creature.faceless_as}"
    return "faceless" if creature.faceless else "ordinary"


def values_of(creature: Creature) -> dict:
    """The form's values for ``creature``, as its controls hold them."""
    return {
        "name": creature.name,
        "size": creature.size.name,
        "side": creature.side,
        "kind": kind_of(creature),
        "facing": "" if creature.facing is None else str(creature.facing),
        "level": str(creature.level),
        "rogue": str(creature.rogue_level),
    }


def whole(text, what: str, least: int) -> int:
    """The whole number typed in a field, or a ``CreatureError`` saying what is wrong."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise CreatureError(f"{what} is a whole number, not {str(text)!r}.") from None
    if value < least:
        raise CreatureError(f"{what} is at least {least}, not {value}.")
    return value


def _size(text) -> Size:
    """The size a size control's value names."""
    try:
        return Size[text]
    except KeyError:
        raise CreatureError(f"There is no size {text!r}.") from None


def changed(creature: Creature, changes: dict, grid) -> Creature:
    """``creature`` with the form's ``changes`` (field to text) applied, and nothing else.

    A facing left alone stays where it was if the new size and kind still have it; a creature
    that gains a facing faces the first way, one that loses it has none.
    """
    fields = {}
    if "name" in changes:
        fields["name"] = clean_name(changes["name"])
    if "size" in changes:
        fields["size"] = _size(changes["size"])
    if "side" in changes:
        fields["side"] = changes["side"]
    if "kind" in changes:
        kind = changes["kind"]
        fields["faceless"] = kind != "ordinary"
        fields["faceless_as"] = kind.split(":", 1)[1] if kind.startswith("preset:") else None
    if "level" in changes:
        fields["level"] = whole(changes["level"], "A level", 1)
    if "rogue" in changes:
        fields["rogue_level"] = whole(changes["rogue"], "Rogue levels", 0)
    size = fields.get("size", creature.size)
    faces = has_facing(size, fields.get("faceless", creature.faceless))
    count = len(facing_names(size, grid)) if faces else 0
    if "facing" in changes and changes["facing"] != "" and faces:
        facing = whole(changes["facing"], "A facing", 0)
    else:
        facing = creature.facing
    if not faces:
        facing = None
    elif facing is None or facing >= count:
        facing = 0
    return replace(creature, facing=facing, **fields)


def new_creature(values: dict, anchor, grid) -> Creature:
    """A new creature from the form's ``values``, standing at ``anchor``."""
    base = Creature("New", Size.MEDIUM, anchor, facing=0)
    return changed(base, {name: value for name, value in values.items() if name in FIELDS}, grid)
