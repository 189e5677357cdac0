"""The table tools in a real browser (issue 8): terrain painting and walls, the attack panel's
itemised lines and its roll, the board's settings and the round tracker.

Encounters are opened from links built here with the same ``rules`` the page runs; clicks and
drags land on cells through the page's own ``View`` and ``Layout``; what the panels say is read
as text, and what the board shows from its layers' pixels.
"""

import pytest

from conftest import layer_rgba, next_frame, notices, open_page, page_layout, rgb, show_tab
from rules.combatant import CombatStats
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_hash, parse_encounter_hash
from rules.options import Options
from rules.round import with_initiative
from rules.sizes import Size
from rules.zones import VARIANT
from web.round_view import round_rows
from web.scene import TERRAIN_STYLES, WALL_STYLES
from web.view import View

GRID = SquareGrid(16, 12)


def medium(name, x, y, facing=0, **fields):
    """A Medium creature at ``(x, y)`` facing ``facing`` (0 north, 2 east, 4 south, 6 west)."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing, **fields)


def ambush(**more):
    """A goblin facing north at (5, 5) and a 3rd-level rogue just behind it, at (5, 6)."""
    goblin = medium("Goblin", 5, 5, 0, side="foe")
    rogue = medium("Rogue", 5, 6, 0, rogue_level=3)
    return Encounter(GRID, (goblin, rogue), **more)


@pytest.fixture
def table(browser, server_url):
    """A function opening ``encounter`` in a fresh page whose table panels are up."""
    opened = []

    def open_encounter(encounter=None):
        url = server_url + (encounter_hash(encounter) if encounter is not None else "")
        context, page, record = open_page(browser, url)
        opened.append(context)
        page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        return page, record

    yield open_encounter
    for context in opened:
        context.close()


def layout_of(page, grid):
    """The page's layout in the window's CSS pixels for ``grid``."""
    return page_layout(page, grid)


def click_cell(page, layout, cell):
    """Click the centre of ``cell``."""
    page.mouse.click(*layout.to_pixel(cell))
    next_frame(page)


def choose_tool(page, tool):
    """Take up a board tool from the toolbar (the terrain tool's shape from the Map tab)."""
    names = {"brush": "Terrain", "rect": "Terrain", "wall": "Walls", "attack": "Attack", "select": "Select"}
    if tool in ("brush", "rect"):
        show_tab(page, "Map")
        page.get_by_role("radio", name="Brush" if tool == "brush" else "Rectangle").check()
    page.get_by_role("button", name=names[tool], exact=True).click()


def test_painting_difficult_terrain_shrinks_the_movement_range(table):
    """Seed 002: "Each square of difficult terrain counts as 2 squares of movement". A brush
    stroke of difficult terrain round the rogue leaves it fewer cells to reach; the stroke is
    drawn with its fill and is one undo step."""
    page, record = table(ambush())
    layout = layout_of(page, GRID)
    before = page.evaluate("flankwise.reachable_count('Rogue')")
    choose_tool(page, "rect")
    page.mouse.move(*layout.to_pixel(Square(2, 7)))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(Square(6, 9)), steps=4)
    page.mouse.move(*layout.to_pixel(Square(9, 9)), steps=4)
    page.mouse.up()
    next_frame(page)
    after = page.evaluate("flankwise.reachable_count('Rogue')")
    assert page.evaluate("flankwise.encounter.terrain.cells.length") == 8 * 3
    assert after < before
    x, y = layout.to_pixel(Square(8, 8))
    corner = (x - layout.cell_size * 0.4, y - layout.cell_size * 0.4)
    assert layer_rgba(page, "grid-layer", *corner)[:3] == rgb(TERRAIN_STYLES["difficult"][0])
    page.click("#undo")
    assert page.evaluate("flankwise.reachable_count('Rogue')") == before
    choose_tool(page, "brush")
    page.select_option("#paint-kind", "blocking")
    page.mouse.move(*layout.to_pixel(Square(4, 6)))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(Square(6, 6)), steps=3)
    page.mouse.up()
    assert page.evaluate("flankwise.encounter.terrain.cells.length") == 2, "not under the rogue at (5, 6)"
    assert "The ground under Rogue is left as it was" in notices(page)[-1]
    page.keyboard.press("Escape")
    assert page.evaluate("flankwise.ui.tool") == "select"
    assert record.errors == []


def test_a_wall_on_a_square_edge_is_a_thick_line(table):
    """The wall tool puts a wall on the side nearest the click, drawn as a thick dark line
    across the edge; a second click takes it away."""
    page, record = table(ambush())
    layout = layout_of(page, GRID)
    choose_tool(page, "wall")
    x, y = layout.to_pixel(Square(10, 3))
    edge_x = x + layout.cell_size / 2
    page.mouse.click(edge_x - 3, y)
    next_frame(page)
    assert page.evaluate("flankwise.encounter.terrain.edges.length") == 1
    dark = [layer_rgba(page, "grid-layer", edge_x + dx, y)[:3] == rgb(WALL_STYLES["wall"][0]) for dx in range(-6, 7)]
    assert sum(dark) >= 5
    assert layer_rgba(page, "grid-layer", edge_x, y - layout.cell_size * 0.3)[:3] == rgb(WALL_STYLES["wall"][0])
    page.mouse.click(edge_x - 3, y)
    next_frame(page)
    assert page.evaluate("flankwise.encounter.terrain.edges.length") == 0
    assert layer_rgba(page, "grid-layer", edge_x + 3, y)[:3] != rgb(WALL_STYLES["wall"][0])
    assert record.errors == []


def test_behind_the_defender_reads_plus_four_and_sneak_attack_then_the_turned_line(table):
    """UA Combat Facing: attacking from a foe's rear area gives +4, and a rogue sneak attacks
    from it. Picked with the attack tool (attacker first); turning the goblin to face east puts
    the rogue in its flank: +2."""
    page, record = table(ambush(stats=(("Rogue", CombatStats(attack_bonus=5)),)))
    layout = layout_of(page, GRID)
    choose_tool(page, "attack")
    click_cell(page, layout, Square(5, 6))
    click_cell(page, layout, Square(5, 5))
    assert page.evaluate("[flankwise.ui.attacker, flankwise.ui.target]") == ["Rogue", "Goblin"]
    lines = page.inner_text("#attack-lines")
    assert "Target's rear area: +4" in lines
    assert "Sneak attack: yes, from the rear" in lines
    assert "Attack +9 against AC 10" in lines
    page.keyboard.press("Escape")
    click_cell(page, layout, Square(5, 5))
    page.keyboard.press("e")
    page.keyboard.press("e")
    assert page.evaluate("flankwise.encounter.creature('Goblin').facing") == 2
    lines = page.inner_text("#attack-lines")
    assert "Target's flank area: +2" in lines and "+4" not in lines
    assert record.errors == []


def test_a_roll_shows_every_die_and_the_variant_turns_the_attacker(table):
    """The Roll button rolls the panel's attack: the d20 and the result show, the log keeps
    it; under the variant the attacker turns to face its target (seed 001)."""
    rogue = medium("Rogue", 6, 5, 4)
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, 0, side="foe"), rogue), ruleset=VARIANT)
    page, record = table(encounter)
    show_tab(page, "Attack")
    page.select_option("#attack-attacker", "Rogue")
    page.select_option("#attack-target", "Goblin")
    page.click("#attack-roll")
    result = page.inner_text("#roll-result")
    assert "Die d20: " in result
    assert "Rogue attacks Goblin: natural" in result
    assert any(word in result for word in (": hit", ": miss", ": critical hit", ": critical miss"))
    assert page.evaluate("flankwise.encounter.creature('Rogue').facing") == 6
    assert "Rogue now faces W" in result
    assert "Rogue attacks Goblin" in page.inner_text("#round-log")
    assert record.errors == []


def test_strike_speed_order_in_the_page_matches_the_rules(table):
    """Seed 003, Strike Speed: a 5th-level Fighter, a 7th-level caster casting Sleep and an
    ogre classed as a fighter, in the order and with the strike speeds ``round_rows`` gives;
    Next turn rings the next creature on the board."""
    creatures = (
        Creature("Aldric", Size.MEDIUM, Square(1, 1), facing=0, level=5, side="party"),
        Creature("Mage", Size.MEDIUM, Square(3, 1), facing=0, level=7, side="party"),
        Creature("Ogre", Size.LARGE, Square(8, 6), facing=0, level=4, side="foe"),
    )
    stats = (
        ("Aldric", CombatStats(is_fighter=True, is_fighting_class=True)),
        ("Mage", CombatStats(action="cast spell", spell="Sleep", spell_target="the ogre")),
        ("Ogre", CombatStats(is_monster=True, classed_as_fighter=True, action="long weapon")),
    )
    encounter = Encounter(GRID, creatures, options=Options(strike_speed=True), stats=stats)
    page, record = table(encounter)
    show_tab(page, "Round")
    page.select_option("#round-winner", "party")
    begun = encounter.with_round(with_initiative(encounter, encounter.round_state(), "party"))
    expected = round_rows(begun, begun.stats_map(), begun.round_state())
    shown = page.eval_on_selector_all("#round-rows li", "items => items.map(item => item.dataset.name)")
    assert shown == [row.name for row in expected]
    texts = page.eval_on_selector_all("#round-rows li .who", "items => items.map(item => item.textContent)")
    assert texts == [f"{row.rank}. {row.name} ({row.side}): strike speed {row.strike_speed}" for row in expected]
    assert expected[0].parts in page.inner_text("#round-rows li:first-child")
    assert page.evaluate("flankwise.ui.turn") == expected[0].name
    page.click("#round-next")
    assert page.evaluate("flankwise.ui.turn") == expected[1].name
    assert page.get_attribute("#round-rows li.current", "data-name") == expected[1].name
    assert "Round 1: party has initiative" in page.inner_text("#round-log")
    assert record.errors == []


def test_turning_on_its_turn_spends_the_free_turn(table):
    """UA Combat Facing, Changing Facing: a creature that has not moved may change facing once
    as a free action; the tracker shows it spent, and a second turn is refused in the status
    (a move action may still turn it)."""
    page, record = table(ambush())
    show_tab(page, "Round")
    page.select_option("#round-winner", "foe")
    assert page.evaluate("flankwise.ui.turn") == "Goblin"
    layout = layout_of(page, GRID)
    click_cell(page, layout, Square(5, 5))
    page.keyboard.press("e")
    assert "Facing: turned (free)" in page.inner_text("#round-rows li.current")
    page.keyboard.press("e")
    assert "no move action to turn with" in page.inner_text("#round-rows li.current")
    page.keyboard.press("e")
    assert "has no move action left" in page.inner_text("#notices")
    assert record.errors == []


def test_board_settings_resize_move_refuse_and_switch_options(table):
    """The board's size changes from its inputs; creatures beyond a new edge move to the
    nearest place inside and the notice names them (issue 13); a board with no room for them
    is refused, saying so, and the inputs show the board as it stays. Each optional rule is a
    control generated from the options."""
    page, record = table(ambush())
    show_tab(page, "Map")
    page.fill("#board-width", "20")
    page.click("#board-resize")
    assert page.evaluate("flankwise.encounter.grid.width") == 20
    page.fill("#board-height", "4")
    page.click("#board-resize")
    assert page.evaluate("flankwise.encounter.grid.height") == 4
    assert "Goblin and Rogue moved to the nearest place that fits" in page.inner_text("#notices")
    page.fill("#board-width", "1")
    page.fill("#board-height", "1")
    page.click("#board-resize")
    assert "The board cannot change: There is no room left on the board for" in notices(page, errors_only=True)[-1]
    assert page.evaluate("flankwise.encounter.grid.height") == 4
    assert page.input_value("#board-height") == "4"
    assert page.locator("#option-list input").count() == len(Options.__dataclass_fields__)
    show_tab(page, "Rules")
    page.check("#option-stance_strike_modifier")
    assert page.evaluate("[flankwise.encounter.options.strike_speed, flankwise.encounter.options.stance_strike_modifier]") == [True, True]
    page.fill("#option-flanked_penalty", "3")
    page.dispatch_event("#option-flanked_penalty", "change")
    assert page.evaluate("flankwise.encounter.options.flanked_penalty") == 3
    page.fill("#option-flanked_penalty", "30")
    page.dispatch_event("#option-flanked_penalty", "change")
    assert "whole number from 0 to 10" in page.inner_text("#notices")
    assert page.input_value("#option-flanked_penalty") == "3"
    assert record.errors == []


def test_the_stats_editor_saves_to_the_encounter_and_refuses_what_does_not_fit(table):
    """The combat stats editor writes a creature's stats into the encounter (and its link);
    stats the rules refuse leave them as they were, saying why."""
    page, record = table(ambush())
    page.select_option("#stats-name", "Rogue")
    page.fill("#stats-attack_bonus", "6")
    page.fill("#stats-damage", "1d6+1")
    page.click("#stats-save")
    assert page.evaluate("flankwise.encounter.stats_of('Rogue').attack_bonus") == 6
    assert page.evaluate("flankwise.encounter.stats_of('Rogue').damage") == "1d6+1"
    page.check("#stats-is_monster")
    page.check("#stats-is_fighter")
    page.click("#stats-save")
    assert "A monster has no character class" in page.inner_text("#notices")
    assert page.evaluate("flankwise.encounter.stats_of('Rogue').is_monster") is False
    assert record.errors == []


def test_standard_flanking_under_the_standard_rules_and_one_switch_back(table):
    """Issue 16: under the standard rules (no facing) a rogue with an ally on the goblin's far
    side flanks it (SRD 3.5 Flanking: +2 and sneak attack), named in the attack panel; the same
    board under UA Combat Facing reads the rear area instead, with one switch of Rules."""
    goblin = medium("Goblin", 5, 5, 0, side="foe")
    rogue = medium("Rogue", 5, 6, 0, rogue_level=3)
    fighter = medium("Fighter", 5, 4, 4)
    page, record = table(Encounter(GRID, (goblin, rogue, fighter)))
    layout = layout_of(page, GRID)
    show_tab(page, "Rules")
    page.get_by_role("combobox", name="Rules").select_option("none")
    choose_tool(page, "attack")
    click_cell(page, layout, Square(5, 6))
    click_cell(page, layout, Square(5, 5))
    lines = page.inner_text("#attack-lines")
    assert "Flanking: Fighter threatens the target from the opposite side" in lines
    assert "rear area" not in lines
    show_tab(page, "Rules")
    page.get_by_role("combobox", name="Rules").select_option("ua")
    show_tab(page, "Attack")
    lines = page.inner_text("#attack-lines")
    assert "Target's rear area: +4" in lines and "Flanking: Fighter" not in lines
    assert record.errors == []


def test_the_reach_corners_switch_reaches_the_far_diagonal(table):
    """Issue 16, defect 3: the reach_corners reading is a switch on the Rules tab; with it on, a
    Large (tall) creature's 10-foot reach takes the square two diagonals off its corner, and the
    attack panel lets it strike there; off, the target is out of reach."""
    ogre = Creature("Ogre", Size.LARGE, Square(5, 5), facing=3, side="foe")
    target = medium("Kroh", 8, 3, 0)
    page, record = table(Encounter(GRID, (ogre, target)))
    layout = layout_of(page, GRID)
    choose_tool(page, "attack")
    click_cell(page, layout, Square(6, 5))
    click_cell(page, layout, Square(8, 3))
    assert "Out of reach" in page.inner_text("#panel-attack")
    show_tab(page, "Rules")
    page.check("#option-reach_corners")
    assert page.evaluate("flankwise.encounter.options.reach_corners") is True
    show_tab(page, "Attack")
    assert "Out of reach" not in page.inner_text("#panel-attack")
    assert record.errors == []


def test_a_door_on_hexes_is_built_drawn_and_opened_by_a_click(table):
    """Issue 17: on flat hexes a closed door built with the Walls tool (a door chosen in the Map
    tab) on the side between two hexes, drawn as a thick brown line; a click on it with the
    Select tool opens it, one undo step (the rules tests price doors in movement)."""
    from rules.grid import HexGrid

    grid = HexGrid(10, 8, "flat")
    goblin = Creature("Goblin", Size.SMALL, grid.from_offset(2, 4), facing=0, side="foe")
    page, record = table(Encounter(grid, (goblin,)))
    layout = layout_of(page, grid)
    show_tab(page, "Map")
    page.select_option("#wall-kind", "door")
    choose_tool(page, "wall")
    here, there = grid.from_offset(2, 4), grid.from_offset(2, 3)
    (ax, ay), (bx, by) = layout.to_pixel(here), layout.to_pixel(there)
    middle = ((ax + bx) / 2, (ay + by) / 2)
    page.mouse.click(*middle)
    assert page.evaluate("flankwise.encounter.terrain.edges.length") == 1
    next_frame(page)
    assert layer_rgba(page, "grid-layer", *middle)[:3] == rgb(WALL_STYLES["door"][0])
    choose_tool(page, "select")
    page.mouse.click(*middle)
    encounter = parse_encounter_hash(page.evaluate("flankwise.link()"))
    assert [kind for _, _, kind in encounter.terrain.edges] == ["open door"]
    assert "Opened the door." in notices(page)
    page.get_by_role("button", name="Undo").click()
    encounter = parse_encounter_hash(page.evaluate("flankwise.link()"))
    assert [kind for _, _, kind in encounter.terrain.edges] == ["door"]
    assert record.errors == []
