"""What the page keeps in the browser (issue 20): untrusted storage never stops the page, each
tab autosaves apart, a full storage keeps the last good autosave, and what cannot be read is
set aside, never deleted. Run under CPython with a stand-in for ``localStorage``.
"""

import json
from dataclasses import replace

from rules.creature import Creature
from rules.grid import Square, SquareGrid
from rules.link import encounter_hash
from rules.sizes import Size
from rules.terrain import Terrain
from web.state import demo_encounter
from web.store import AUTOSAVE_PREFIX, FULL, LEGACY_AUTOSAVE, SAVES_KEY, MOST_SLOTS, Store


class FakeStorage:
    """``localStorage`` as the page uses it, in a dict; with ``quota`` (characters) set, a
    write past it raises, as a browser's QuotaExceededError does."""

    def __init__(self, items=None, quota=None):
        self.items = dict(items or {})
        self.quota = quota

    def getItem(self, key):  # noqa: N802  (the browser's names)
        """The value under ``key``, or None."""
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        """Store ``value``, unless it passes the quota."""
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        """Forget ``key``."""
        self.items.pop(key, None)

    def key(self, index):
        """The ``index``-th key."""
        return list(self.items)[index]

    @property
    def length(self):
        """How many keys there are."""
        return len(self.items)


class Clock:
    """A clock that moves on a second each time it is read."""

    def __init__(self):
        self.time = 1_700_000_000_000.0

    def __call__(self):
        self.time += 1000
        return self.time


DEMO = demo_encounter()
OTHER = DEMO.remove("Ogre")
DEEP = "[" * 10_000 + "]" * 10_000


def test_two_tabs_keep_two_boards_and_a_reload_opens_its_own():
    """Two tabs editing two boards each keep their own; reloading the first tab opens its
    board, and the other tab's board is offered, not dropped."""
    storage, clock = FakeStorage(), Clock()
    first, second = Store(storage, "tab-a", clock), Store(storage, "tab-b", clock)
    assert first.autosave(DEMO) is None
    assert second.autosave(OTHER) is None
    reloaded = Store(storage, "tab-a", clock).opening()
    assert reloaded.encounter == DEMO
    assert reloaded.offer is not None and reloaded.offer.encounter == OTHER
    fresh = Store(storage, "tab-c", clock).opening()
    assert fresh.encounter == OTHER, "a new tab continues the newest board"
    assert fresh.offer.encounter == DEMO


def test_a_poisoned_save_list_is_set_aside_and_the_page_still_starts():
    """Issue 20, item 3: deep nesting stored under the named saves is read without parsing it
    deeply, set aside under another key (not deleted), and said; the store keeps working."""
    storage = FakeStorage({SAVES_KEY: DEEP})
    store = Store(storage, "tab-a", Clock())
    notes = []
    assert store.saves(notes) == {}
    assert notes == [("Your saved encounters could not be read and were set aside.", True)]
    aside = [key for key, value in storage.items.items() if value == DEEP]
    assert aside and aside[0] != SAVES_KEY and SAVES_KEY not in storage.items
    assert store.write_saves({"Alpha": encounter_hash(DEMO)}) is None
    assert store.saves() == {"Alpha": encounter_hash(DEMO)}


def test_one_bad_save_entry_is_set_aside_and_the_rest_kept():
    """An entry that is not a name and a link is set aside alone; the good saves stay."""
    good = encounter_hash(DEMO)
    storage = FakeStorage({SAVES_KEY: json.dumps({"Alpha": good, "Beta": 7, "": good})})
    notes = []
    assert Store(storage, "tab-a", Clock()).saves(notes) == {"Alpha": good}
    assert notes == [("2 saved encounters could not be read and were set aside.", True)]
    assert json.loads(storage.items[SAVES_KEY]) == {"Alpha": good}


def test_an_unreadable_autosave_is_set_aside_not_overwritten():
    """Issue 20, item 6: a damaged autosave is moved aside with a note; the next change
    writes a fresh slot and the damaged text is still there to look at."""
    storage = FakeStorage({AUTOSAVE_PREFIX + "tab-a": '{"time": 1, "link": "#v1.broken"}', LEGACY_AUTOSAVE: DEEP})
    store = Store(storage, "tab-a", Clock())
    opened = store.opening()
    assert opened.encounter is None
    assert ("One autosaved encounter could not be read and was set aside.", True) in opened.notes
    assert ("Your last autosave could not be read and was set aside.", True) in opened.notes
    assert store.autosave(DEMO) is None
    kept = list(storage.items.values())
    assert DEEP in kept and '{"time": 1, "link": "#v1.broken"}' in kept


def test_the_legacy_autosave_opens_and_moves_into_a_slot():
    """An autosave written by the page before per-tab slots still opens, once, as a slot."""
    storage = FakeStorage({LEGACY_AUTOSAVE: encounter_hash(OTHER)})
    opened = Store(storage, "tab-a", Clock()).opening()
    assert opened.encounter == OTHER and LEGACY_AUTOSAVE not in storage.items
    assert ("Restored your last encounter.", False) in opened.notes


def test_a_full_storage_refuses_the_write_and_keeps_the_last_good_autosave():
    """Issue 20, item 5: past the quota the write is refused with a message a player reads;
    the slot still holds the last autosave that fit."""
    storage = FakeStorage()
    store = Store(storage, "tab-a", Clock())
    assert store.autosave(OTHER) is None
    storage.quota = sum(len(key) + len(value) for key, value in storage.items.items()) + 20
    crowded = OTHER.place(Creature("Gnoll with a long name", Size.MEDIUM, Square(1, 1), facing=0, level=12))
    assert store.autosave(crowded) == FULL
    assert Store(storage, "tab-a", Clock()).opening().encounter == OTHER


def test_an_encounter_too_big_for_a_link_is_autosaved_as_a_file():
    """Issue 20, item 7: whatever the page opens survives a reload, even past a link's size."""
    from rules.encounter import Encounter
    from rules.link import LinkError

    grid = SquareGrid(200, 200)
    walls = tuple((Square(x, y), Square(x + 1, y), "wall") for x in range(199) for y in range(200))
    big = Encounter(grid, (Creature("Kroh", Size.MEDIUM, Square(0, 1), facing=0),), terrain=Terrain((), walls))
    try:
        encounter_hash(big)
        raise AssertionError("the test needs an encounter a link cannot carry")
    except LinkError:
        pass
    storage = FakeStorage()
    assert Store(storage, "tab-a", Clock()).autosave(big) is None
    assert Store(storage, "tab-a", Clock()).opening().encounter == big


def test_old_slots_beyond_the_most_make_way():
    """At most ``MOST_SLOTS`` tabs' autosaves are kept: the oldest are let go first."""
    storage, clock = FakeStorage(), Clock()
    for number in range(MOST_SLOTS + 3):
        Store(storage, f"tab-{number}", clock).autosave(DEMO)
    slots = [key for key in storage.items if key.startswith(AUTOSAVE_PREFIX)]
    assert len(slots) == MOST_SLOTS
    assert AUTOSAVE_PREFIX + "tab-0" not in slots and AUTOSAVE_PREFIX + f"tab-{MOST_SLOTS + 2}" in slots


def test_no_storage_at_all_is_no_error():
    """Where the browser refuses storage (some private modes), nothing fails."""
    store = Store(None, "tab-a", Clock())
    assert store.opening().encounter is None
    assert store.autosave(DEMO) is None and store.saves() == {}
