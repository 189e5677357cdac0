"""Undo and redo over encounters: order, labels, limits, and redo cleared by a new change."""

from dataclasses import replace

from web.history import LIMIT, History
from web.state import demo_encounter


def turned(encounter, facing):
    """The encounter with Kroh turned to ``facing``."""
    return encounter.replace("Kroh", replace(encounter.creature("Kroh"), facing=facing))


def test_undo_and_redo_walk_the_changes_with_their_labels():
    """Two changes undone in reverse order, then redone, each naming what it was."""
    start = demo_encounter()
    one, two = turned(start, 2), turned(turned(start, 2), 4)
    history = History(present=start).record(one, "Kroh faces E").record(two, "Kroh faces S")
    history, label = history.undo()
    assert (history.present, label) == (one, "Kroh faces S")
    history, label = history.undo()
    assert (history.present, label, history.can_undo()) == (start, "Kroh faces E", False)
    history, label = history.redo()
    assert (history.present, label) == (one, "Kroh faces E")
    assert history.can_redo()


def test_a_new_change_clears_redo_and_no_op_changes_are_not_recorded():
    """After undo, a different change drops the redo branch; recording the same state is no step."""
    start = demo_encounter()
    history = History(present=start).record(turned(start, 2), "turn")
    history, _ = history.undo()
    history = history.record(turned(start, 6), "other turn")
    assert not history.can_redo()
    assert history.record(history.present, "nothing") is history


def test_history_keeps_at_least_a_hundred_steps():
    """The oldest steps fall off only past the limit, which is over 100; undo goes back that far."""
    start = demo_encounter()
    history = History(present=start)
    for step in range(1, LIMIT + 21):
        history = history.record(turned(start, step % 8), f"step {step}")
    assert LIMIT >= 100 and len(history.past) == LIMIT
    for _ in range(LIMIT):
        history, label = history.undo()
    assert not history.can_undo() and label == "step 21"
