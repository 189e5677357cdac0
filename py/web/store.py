"""What the page keeps in the browser: each tab's autosave and the named saves. Pure.

The browser's storage (``localStorage``) is handed in as an object with its methods
(``getItem``, ``setItem``, ``removeItem``, ``key``, ``length``), so tests run this module under
CPython with a stand-in. Everything read from it is untrusted: another tab, an older page or a
hostile hand may have written it. Reading never fails and never kills the page: nesting is
checked before any JSON is parsed (``rules.link.loads_shallow``), and an entry that cannot be
read is set aside under its own key (``ASIDE_PREFIX``), never deleted, with a note saying so.

Each tab autosaves to a slot of its own (``AUTOSAVE_PREFIX`` + the tab's id), so two tabs
editing two boards never overwrite each other; a reloaded tab opens its own slot, a new tab the
newest one, and either is told of another tab's board and offered it. An encounter too big for
a link is autosaved as its JSON file instead, so whatever the page opens survives a reload.
Writing may fail (the browser's quota is full): the write is refused with a message, and the
last good autosave stays as it was.
"""

import json
from dataclasses import dataclass, field

AUTOSAVE_PREFIX = "flankwise:autosave:"
"""Each tab's autosave: this prefix and the tab's id."""

LEGACY_AUTOSAVE = "flankwise:current"
"""Where pages before per-tab slots kept the one autosave (read once, then moved to a slot)."""

SAVES_KEY = "flankwise:saves"
"""The named saves: a JSON object of name to link code, oldest first."""

ASIDE_PREFIX = "flankwise:set-aside:"
"""Where an entry that cannot be read is kept, with the time it was set aside."""

MOST_SLOTS = 12
"""The most tabs' autosaves kept; the oldest beyond make way."""

DEEPEST = 2
"""How deeply the page's own stored JSON nests (an object of strings, or of an object)."""

FULL = ("The browser's storage for this page is full: this change is not saved (your last "
        "autosave is kept). Export the encounter as a file to keep it.")
"""What a refused write says."""


@dataclass
class Slot:
    """One tab's autosave: the ``tab`` that wrote it, when (``time``, ms since the epoch), and
    its ``encounter``."""

    tab: str
    time: float
    encounter: object


@dataclass
class Opening:
    """What the page opens with: the ``encounter`` (``None``: the demo board), ``notes`` to
    show (``(text, is_error)`` pairs), another tab's board to offer (``offer``, a ``Slot``), if
    there is one, and whether the address bar keeps a damaged link (``keep_address``)."""

    encounter: object = None
    notes: list = field(default_factory=list)
    offer: Slot | None = None
    keep_address: bool = False


class Store:
    """The page's storage for one tab: ``storage`` is the browser's (``None`` where it refuses
    storage, as some private modes do), ``tab`` this tab's id, ``now`` a clock in ms."""

    def __init__(self, storage, tab: str, now):
        self.storage = storage
        self.tab = tab
        self.now = now
        self.refused = False

    # Low level: every call into the browser's storage is guarded.
    def _get(self, key: str):
        """The text under ``key``, or ``None``."""
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:  # noqa: BLE001  (a browser refusing storage means: nothing there)
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> str | None:
        """Store ``value`` under ``key``; ``None``, or ``FULL`` if the browser refuses it."""
        if self.storage is None:
            return None
        try:
            self.storage.setItem(key, value)
        except Exception:  # noqa: BLE001  (QuotaExceededError, or storage switched off)
            return FULL
        return None

    def _remove(self, key: str) -> None:
        """Remove ``key`` (quietly, if the browser refuses)."""
        if self.storage is not None:
            try:
                self.storage.removeItem(key)
            except Exception:  # noqa: BLE001  (nothing to remove where storage is refused)
                pass

    def _keys(self) -> list:
        """Every key in the storage."""
        if self.storage is None:
            return []
        try:
            return [self.storage.key(index) for index in range(int(self.storage.length))]
        except Exception:  # noqa: BLE001  (storage refused: no keys)
            return []

    def set_aside(self, key: str, value: str) -> str:
        """Move the unreadable ``value`` of ``key`` to a key of its own and return that key
        (the entry stays in the browser for whoever wants to look at it)."""
        aside = f"{ASIDE_PREFIX}{key}:{int(self.now())}"
        self._set(aside, value)
        self._remove(key)
        return aside

    # Autosaves.
    def _slot_key(self, tab: str) -> str:
        return AUTOSAVE_PREFIX + tab

    def _read_slot(self, key: str, notes: list) -> Slot | None:
        """The slot under ``key``; an unreadable one is set aside, with a note."""
        value = self._get(key)
        if value is None:
            return None
        try:
            slot = _parse_slot(key[len(AUTOSAVE_PREFIX):], value)
        except ValueError:
            self.set_aside(key, value)
            notes.append(("One autosaved encounter could not be read and was set aside.", True))
            return None
        return slot

    def slots(self, notes: list) -> list:
        """Every readable tab's autosave, newest first (the legacy autosave moved into a slot)."""
        legacy = self._get(LEGACY_AUTOSAVE)
        if legacy is not None:
            try:
                encounter = _parse_code(legacy)
            except ValueError:
                self.set_aside(LEGACY_AUTOSAVE, legacy)
                notes.append(("Your last autosave could not be read and was set aside.", True))
            else:
                if self._set(self._slot_key("earlier"), _slot_text(0, encounter)) is None:
                    self._remove(LEGACY_AUTOSAVE)
        found = []
        for key in self._keys():
            if isinstance(key, str) and key.startswith(AUTOSAVE_PREFIX):
                slot = self._read_slot(key, notes)
                if slot is not None:
                    found.append(slot)
        return sorted(found, key=lambda slot: -slot.time)

    def opening(self, link_error=None) -> Opening:
        """The board to open when the address holds no link (or a damaged one, whose
        ``link_error`` message is said first): this tab's autosave, else the newest of any tab,
        else the demo; another tab's different board is offered."""
        notes = []
        slots = self.slots(notes)
        mine = next((slot for slot in slots if slot.tab == self.tab), None)
        chosen = mine or (slots[0] if slots else None)
        if link_error:
            shown = "the demo board" if chosen is None else "your last autosaved encounter"
            notes.insert(0, (f"{link_error}. Showing {shown} instead; the link stays in the address bar.", True))
        elif chosen is not None:
            notes.append(("Restored your last encounter.", False))
        offer = next((slot for slot in slots if slot is not chosen and slot.encounter != chosen.encounter), None)
        return Opening(None if chosen is None else chosen.encounter, notes, offer, bool(link_error))

    def autosave(self, encounter) -> str | None:
        """Keep ``encounter`` in this tab's slot; ``None``, or why it could not be kept (the
        slot then keeps the last good autosave). Slots beyond ``MOST_SLOTS`` are let go,
        oldest first."""
        problem = self._set(self._slot_key(self.tab), _slot_text(self.now(), encounter))
        self.refused = problem is not None
        if problem is None:
            self._prune()
        return problem

    def _prune(self) -> None:
        """Let go of the oldest tabs' autosaves beyond ``MOST_SLOTS``."""
        keys = [key for key in self._keys() if isinstance(key, str) and key.startswith(AUTOSAVE_PREFIX)]
        if len(keys) <= MOST_SLOTS:
            return
        timed = []
        for key in keys:
            try:
                timed.append((_slot_time(self._get(key) or ""), key))
            except ValueError:
                continue
        for _, key in sorted(timed)[: len(keys) - MOST_SLOTS]:
            if key != self._slot_key(self.tab):
                self._remove(key)

    # Named saves.
    def saves(self, notes: list | None = None) -> dict:
        """The named saves, name to link code, oldest first; an unreadable list is set aside
        (with a note), and so is each entry that is not a name and a link."""
        notes = [] if notes is None else notes
        value = self._get(SAVES_KEY)
        if value is None:
            return {}
        try:
            data = _loads(value)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self.set_aside(SAVES_KEY, value)
            notes.append(("Your saved encounters could not be read and were set aside.", True))
            return {}
        kept = {name: code for name, code in data.items() if _is_save(name, code)}
        bad = {name: code for name, code in data.items() if name not in kept}
        if bad:
            self._set(f"{ASIDE_PREFIX}{SAVES_KEY}:{int(self.now())}", json.dumps(bad))
            self._set(SAVES_KEY, json.dumps(kept))
            count = "One saved encounter" if len(bad) == 1 else f"{len(bad)} saved encounters"
            notes.append((f"{count} could not be read and {'was' if len(bad) == 1 else 'were'} set aside.", True))
        return kept

    def write_saves(self, named: dict) -> str | None:
        """Store the named saves; ``None``, or why they could not be stored."""
        return self._set(SAVES_KEY, json.dumps(named))


def _loads(text: str):
    """JSON read from storage, its nesting checked first (``ValueError`` if it cannot be read)."""
    from rules.link import loads_shallow

    return loads_shallow(text, DEEPEST)


def _is_save(name, code) -> bool:
    """Whether a named save's entry is a name and a link code as the page writes them."""
    return isinstance(name, str) and 0 < len(name.strip()) <= 60 and isinstance(code, str) and code.startswith("#v")


def _slot_text(time: float, encounter) -> str:
    """A slot's stored text: its time and the encounter's link, or its JSON file when the
    encounter is too big for a link."""
    from rules.link import LinkError, encounter_hash, encounter_json

    try:
        return json.dumps({"time": time, "link": encounter_hash(encounter)})
    except LinkError:
        return json.dumps({"time": time, "file": encounter_json(encounter)})


def _slot_time(text: str) -> float:
    """The time a slot's text was written (``ValueError`` if it is not a slot)."""
    data = _loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("time"), (int, float)):
        raise ValueError("not a slot")
    return float(data["time"])


def _parse_slot(tab: str, text: str) -> Slot:
    """The slot a stored text holds (``ValueError`` if it cannot be read)."""
    from rules.link import LinkError, parse_encounter_json

    data = _loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("time"), (int, float)):
        raise ValueError("not a slot")
    if isinstance(data.get("link"), str):
        return Slot(tab, float(data["time"]), _parse_code(data["link"]))
    if isinstance(data.get("file"), str):
        try:
            return Slot(tab, float(data["time"]), parse_encounter_json(data["file"]))
        except LinkError as error:
            raise ValueError(str(error)) from None
    raise ValueError("not a slot")


def _parse_code(link: str):
    """The encounter of a stored link (``ValueError`` if it cannot be opened)."""
    from rules.link import LinkError, parse_encounter_hash

    try:
        return parse_encounter_hash(link)
    except LinkError as error:
        raise ValueError(str(error)) from None
