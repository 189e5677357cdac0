"""The Spell area tool (issue 18): a cone from a facing caster's front names the creatures
inside it and stays on the board as a marker (in the link, undone and removed in one click); a
rear corner is refused with its reason; a burst anywhere; and on a phone the same by finger."""


from conftest import PHONE, notices, page_layout, touch_drag
from rules.areas import Template
from rules.grid import Square
from rules.link import parse_encounter_hash

KROH_NE = (9, 6)
"""Kroh stands at (8, 6) facing north: the intersection at his square's north-east corner."""


def corner(layout, x, y):
    """The window pixel of the grid intersection at the north-west corner of square (x, y)."""
    left, top = layout.origin
    return (left + x * layout.cell_size, top + y * layout.cell_size)


def encounter_of(page):
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def take_up(page, caster):
    """Select the caster and take up the Spell area tool (a cone of 30 ft at first)."""
    page.get_by_role("tab", name="Token").click()
    page.get_by_role("list", name="Creatures").get_by_text(caster, exact=True).click()
    page.get_by_role("button", name="Spell area").click()


def test_a_cone_from_krohs_front_names_who_is_inside_and_stays(opened):
    """Kroh faces north: a 30-ft cone from his north-east corner aimed north-east takes in the
    Ogre (its square (12, 4) is 3 east and 2 north: 4 + 1 = 5 squares to the far corner, within
    6, and within 45 degrees of the diagonal) and not the Bugbear just north of Kroh (its
    centre lies on the cone's edge line behind the corner). The cone stays in the link; Undo
    takes it away and Redo brings it back; Remove takes it off in one click."""
    page, record = opened()
    take_up(page, "Kroh")
    assert page.get_by_role("combobox", name="Cast by").input_value() == "Kroh"
    layout = page_layout(page)
    start = corner(layout, *KROH_NE)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 3 * layout.cell_size, start[1] - 3 * layout.cell_size, steps=6)
    page.mouse.up()
    assert "Cone 30 ft from Kroh laid. Inside: foe Ogre." in notices(page)
    assert encounter_of(page).areas == (Template("cone", Square(*KROH_NE), 30, 1),)
    listing = page.get_by_role("list", name="Spell areas on the board")
    assert "Cone 30 ft NE from column 9, row 6: Inside: foe Ogre." in listing.inner_text()
    page.get_by_role("button", name="Undo").click()
    assert encounter_of(page).areas == ()
    page.get_by_role("button", name="Redo").click()
    assert len(encounter_of(page).areas) == 1
    listing.get_by_role("button", name="Remove cone 30 ft (1)").click()
    assert encounter_of(page).areas == ()
    assert "Cone 30 ft removed from the board." in notices(page)
    assert record.errors == []


def test_a_rear_corner_is_refused_with_its_reason(opened):
    """A press on Kroh's south-west corner (between him and the goblin in his rear) lays
    nothing and says why, quoting the rule's reason."""
    page, record = opened()
    take_up(page, "Kroh")
    layout = page_layout(page)
    page.mouse.click(*corner(layout, 8, 7))
    errors = notices(page, errors_only=True)
    assert errors and errors[-1].startswith("Kroh cannot start a cone there. Cones start between your space and your front area")
    assert "rear" in errors[-1]
    assert encounter_of(page).areas == ()
    assert record.errors == []


def test_a_cone_aimed_into_the_rear_is_refused(opened):
    """From the allowed north-west corner, a cone aimed south runs down Kroh's flank into his
    rear: refused, nothing laid."""
    page, record = opened()
    take_up(page, "Kroh")
    layout = page_layout(page)
    start = corner(layout, 8, 6)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0], start[1] + 4 * layout.cell_size, steps=6)
    page.mouse.up()
    errors = notices(page, errors_only=True)
    assert errors and errors[-1].startswith("No cone laid: ")
    assert encounter_of(page).areas == ()
    assert record.errors == []


def test_a_burst_laid_by_no_one_on_a_phone(opened):
    """On a phone: Cast by no one, Burst of 10 ft, a finger on the intersection north-west of
    the goblin's square (8, 7): squares 6..9 by 5..8 less the four far corners, 12 squares:
    Kroh, the goblin and the bugbear inside."""
    page, record = opened(PHONE)
    page.get_by_role("button", name="Spell area").tap()
    page.get_by_role("combobox", name="Cast by").select_option("")
    page.get_by_role("combobox", name="Shape").select_option("burst")
    page.get_by_role("combobox", name="Size").select_option("10")
    layout = page_layout(page)
    point = corner(layout, 8, 7)
    touch_drag(page, point, (point[0] + 2, point[1] + 2), steps=2)
    assert "Burst 10 ft radius laid. Inside: foes Bugbear and Goblin; friend Kroh." in notices(page)
    assert encounter_of(page).areas == (Template("burst", Square(8, 7), 10),)
    assert record.errors == []


def test_a_new_board_says_the_areas_laid_on_the_old_one_are_gone(opened):
    """A burst laid, then the board resized: the notice says the area went, and Undo brings
    back the board with it."""
    page, record = opened()
    page.get_by_role("button", name="Spell area").click()
    page.get_by_role("combobox", name="Cast by").select_option("")
    page.get_by_role("combobox", name="Shape").select_option("burst")
    layout = page_layout(page)
    page.mouse.click(*corner(layout, 3, 12))
    assert len(encounter_of(page).areas) == 1
    page.get_by_label("Width").fill("25")
    page.get_by_role("button", name="Resize board").click()
    assert any("The spell area laid on the old board removed (Undo brings them back)." in text for text in notices(page))
    assert encounter_of(page).areas == ()
    page.get_by_role("button", name="Undo").click()
    assert len(encounter_of(page).areas) == 1
    assert record.errors == []


def test_a_cone_on_hexes_leaves_a_front_corner(opened):
    """On flat-topped hexes a Medium caster facing north may start a cone only at the corners
    touching its front hexes (rules.areas.area_starts); dragged out past one of them, the 30-ft
    cone is laid from that corner, a 60-degree wedge of 27 hexes less any off the board."""
    from rules.areas import area_starts
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import HexGrid
    from rules.link import encounter_hash
    from rules.sizes import Size

    grid = HexGrid(16, 12, "flat")
    mage = Creature("Mage", Size.MEDIUM, grid.from_offset(7, 7), facing=0)
    encounter = Encounter(grid, (mage,))
    page, record = opened(link=encounter_hash(encounter))
    page.get_by_role("list", name="Creatures").get_by_text("Mage", exact=True).click()
    page.get_by_role("button", name="Spell area").click()
    layout = page_layout(page, grid)
    starts = area_starts(mage, grid, encounter.zones_ruleset, "cone")
    start = next(start for start in starts if start.allowed)
    refused = next(start for start in starts if not start.allowed)
    assert len([s for s in starts if s.allowed]) == 4

    def pixel(start):
        points = [layout.to_pixel(cell) for cell in start.cells]
        return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))

    centre = layout.to_pixel(mage.anchor)
    sx, sy = pixel(start)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(centre[0] + 3 * (sx - centre[0]), centre[1] + 3 * (sy - centre[1]), steps=5)
    page.mouse.up()
    laid = parse_encounter_hash(page.evaluate("flankwise.link()")).areas
    assert laid == (Template("cone", start.origin, 30, start.direction),)
    assert any(text.startswith("Cone 30 ft from Mage laid.") for text in notices(page))
    page.mouse.click(*pixel(refused))
    assert notices(page, errors_only=True)[-1].startswith("Mage cannot start a cone there.")
    assert record.errors == []
