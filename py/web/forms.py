"""Forms that show a creature as it is now, and keep what the player typed. Pure.

A form on the page (the token form, the combat stats editor) edits one creature, its
``subject``. ``Draft`` remembers what the form last showed of it, field by field, so that:

- when the creature changes by any other way (the rotate handle, a key, a drag, undo, a link),
  the fields the player has not touched show the new value, and the ones they typed in keep
  what they typed (``refill``);
- saving changes only the fields the player changed (``changes``), so a save never puts back a
  value the form showed before something else changed it;
- a form with unsaved changes keeps its creature while the selection moves on (``dirty``).

Values are the text the form's controls hold (strings, or booleans for switches).
"""

from dataclasses import dataclass, field


@dataclass
class Draft:
    """The form's ``subject`` (a creature's name, or ``None`` for a new one) and the values it
    last showed of it, by field name (``shown``)."""

    subject: str | None = None
    shown: dict = field(default_factory=dict)

    def start(self, subject, values: dict) -> dict:
        """Edit ``subject`` afresh, showing ``values``; returns the values to put in the form."""
        self.subject = subject
        self.shown = dict(values)
        return dict(values)

    def changes(self, current: dict) -> dict:
        """The fields whose value in the form (``current``) differs from what it showed."""
        return {name: value for name, value in current.items() if name in self.shown and value != self.shown[name]}

    def dirty(self, current: dict) -> bool:
        """Whether the player changed any field since it was shown."""
        return bool(self.changes(current))

    def refill(self, values: dict, current: dict) -> dict:
        """The values to show now that the subject is ``values``: each untouched field takes its
        new value; a field the player changed keeps the text they typed, unless the creature
        now has that very value (the draft then matches and is no longer a change)."""
        shown = {}
        for name, value in values.items():
            typed = current.get(name, value)
            touched = name in self.shown and typed != self.shown[name] and typed != value
            shown[name] = typed if touched else value
        self.shown = dict(values)
        return shown

    def rename(self, name: str) -> None:
        """The subject was saved under a new ``name``."""
        self.subject = name
