"""Dragging tokens in a real browser: the planned path's cost, illegal drops, provoking steps,
the movement range and the arrow keys, each checked against the rules run under CPython.
"""

from conftest import layer_rgba, next_frame, notices, page_layout, rgb, show_tab
from rules.grid import Square
from rules.movement import Battlefield, plan_move
from web.scene import BAND_COLOURS
from web.state import demo_encounter

DEMO = demo_encounter()


def expected(name, target):
    """The rules' answer, under CPython, for moving ``name`` of the demo board to ``target``."""
    creature = DEMO.creature(name)
    field = Battlefield(DEMO.grid, DEMO.terrain, DEMO.others(name), DEMO.ruleset)
    return plan_move(creature, target, field)


def drag(page, start, end, release=True):
    """Drag from the centre of cell ``start`` to the centre of cell ``end``."""
    layout = page_layout(page, DEMO.grid)
    page.mouse.move(*layout.to_pixel(start))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(end), steps=6)
    if release:
        page.mouse.up()


def anchor(page, name):
    """The anchor of ``name`` on the page, as a Square."""
    return Square(*page.evaluate(f"Array.from(flankwise.encounter.creature('{name}').anchor.coords)"))


def test_dragging_shows_the_cost_and_drops_the_token(app):
    """While dragging, the planned path costs what the rules say; dropping moves the token there."""
    page, record = app
    target = Square(12, 9)
    answer = expected("Kroh", target)
    assert answer.legal
    drag(page, DEMO.creature("Kroh").anchor, target, release=False)
    assert page.evaluate("flankwise.gesture.get('answer').path.feet") == answer.path.feet
    page.mouse.up()
    assert anchor(page, "Kroh") == target
    assert f"Kroh moved {answer.path.feet} ft ({answer.path.squares} squares)" in page.inner_text("#notices")
    assert record.errors == []


def test_an_illegal_drop_snaps_back_with_the_reason(app):
    """Dropping Kroh onto the ogre leaves him where he was and says why, in the rules' words."""
    page, _ = app
    target = Square(12, 4)
    answer = expected("Kroh", target)
    assert not answer.legal
    drag(page, DEMO.creature("Kroh").anchor, target)
    assert anchor(page, "Kroh") == DEMO.creature("Kroh").anchor
    assert notices(page, errors_only=True) == [f"Kroh stays put. {answer.problem}."]
    assert "you stop" not in page.inner_text("#notices"), "the token is put back, as the message says"
    assert page.inner_text("#callout") == answer.problem


def test_leaving_threatened_squares_names_who_gets_an_attack_of_opportunity(app):
    """Walking Kroh away between the bugbear and the goblin provokes them, as the rules find."""
    page, _ = app
    target = Square(4, 6)
    answer = expected("Kroh", target)
    provoked = sorted(opponent.name for opponent, _ in answer.path.provocations)
    assert provoked, "the demo's foes stand next to Kroh"
    drag(page, DEMO.creature("Kroh").anchor, target)
    status = page.inner_text("#notices")
    assert "Provokes attacks of opportunity from" in status
    assert all(name in status for name in provoked)


def test_the_movement_range_shows_move_and_double_move_bands(app):
    """With the movement range on, a square Kroh can reach with a move shows the move band's
    colour, and one only a double move reaches shows the double move's (as the rules find)."""
    from rules.movement import Mode, reachable

    kroh = DEMO.creature("Kroh")
    field = Battlefield(DEMO.grid, DEMO.terrain, DEMO.others("Kroh"), DEMO.ruleset)
    moves = set(reachable(kroh, field, Mode.MOVE).cells())
    doubles = set(reachable(kroh, field, Mode.DOUBLE).cells()) - moves
    near = max(moves, key=lambda cell: DEMO.grid.distance(cell, kroh.anchor))
    far = min(doubles, key=lambda cell: (cell.x - kroh.anchor.x) ** 2 + (cell.y - 12) ** 2)
    page, _ = app
    page.mouse.click(*page_layout(page, DEMO.grid).to_pixel(DEMO.creature("Kroh").anchor))
    show_tab(page, "Map")
    page.check("#show-bands")
    next_frame(page)

    def colour_at(cell):
        return layer_rgba(page, "top-layer", *page_layout(page, DEMO.grid).to_pixel(cell))[:3]

    bands = {label: rgb(colour) for label, colour, _ in BAND_COLOURS}
    def close(found, wanted):
        return max(abs(a - b) for a, b in zip(found, wanted)) <= 3  # alpha rounding of the tint

    assert close(colour_at(near), bands["move"])
    assert close(colour_at(far), bands["double move"])
    assert not close(colour_at(far), bands["move"])


def test_arrow_keys_move_the_selection_one_square(app):
    """The left arrow moves the selected Kroh one square west, a legal 5 ft step of his move."""
    page, _ = app
    page.mouse.click(*page_layout(page, DEMO.grid).to_pixel(DEMO.creature("Kroh").anchor))
    page.keyboard.press("ArrowLeft")
    assert anchor(page, "Kroh") == Square(7, 6)
    assert "Kroh moved 5 ft" in page.inner_text("#notices")


def test_a_forced_move_takes_the_target_only_as_far_as_the_effect_allows(app):
    """After a Reposition of 10 ft, dragging the goblin 3 squares away is refused with the rules'
    reason; 2 squares is allowed, it keeps its facing and provokes no one (seed 003)."""
    from rules.movement import forced_move

    page, _ = app
    goblin = DEMO.creature("Goblin")
    field = Battlefield(DEMO.grid, DEMO.terrain, DEMO.others("Goblin"), DEMO.ruleset)
    far, near = Square(8, 10), Square(8, 9)
    refused = forced_move(goblin, far, field, 10)
    assert not refused.legal and forced_move(goblin, near, field, 10).legal
    page.evaluate("flankwise.force('Goblin', 10)")
    assert "Drag Goblin up to 10 ft (Reposition)" in page.inner_text("#notices")
    drag(page, goblin.anchor, far)
    assert anchor(page, "Goblin") == goblin.anchor
    assert notices(page, errors_only=True) == [f"Goblin stays put. {refused.problem}."]
    drag(page, goblin.anchor, near)
    assert anchor(page, "Goblin") == near
    assert notices(page)[-1] == "Goblin is forced 10 ft (Reposition)."
    assert page.evaluate("flankwise.encounter.creature('Goblin').facing") == goblin.facing
    drag(page, near, Square(8, 12))
    assert "Goblin moved" in page.inner_text("#notices"), "the effect is spent: the next drag is a move"
