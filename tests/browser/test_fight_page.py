"""The fight on the page (issue 15): hit points and conditions set from the selected creature's
card, drawn on the board (a bar, lettered badges), read by the attack panel and by movement,
and kept by the link."""


from conftest import layer_rgba, next_frame, notices, page_layout, rgb, show_tab
from rules.combatant import CombatStats
from rules.conditions import AppliedCondition, end_of_next_turn
from rules.grid import Square
from rules.link import encounter_hash, parse_encounter_hash
from web.fight import BADGE_FILL
from web.state import demo_encounter

DEMO = demo_encounter().with_stats("Goblin", CombatStats(max_hit_points=8, hit_points=8))


def encounter_of(page):
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def turns_pass_until_no_condition_is_left(page):
    """Start the round (foes first) and press Next turn until no condition is left, six turns
    at most; then there is none."""
    show_tab(page, "Round")
    page.select_option("#round-winner", "foe")
    for _ in range(6):
        if not encounter_of(page).conditions:
            break
        page.get_by_role("button", name="Next turn").click()
    assert encounter_of(page).conditions == ()


def bar_pixel(page, cell, share):
    """The top layer's colour inside the hit point bar of a one-square creature at ``cell``,
    ``share`` of the way along it."""
    layout = page_layout(page)
    x, y = layout.to_pixel(cell)
    size = layout.cell_size
    left = x - size / 2 + size * 0.1
    height = max(4, size * 0.12)
    return layer_rgba(page, "top-layer", left + size * 0.8 * share, y + size / 2 - size * 0.04 - height / 2)[:3]


def test_damage_from_the_card_lowers_the_bar_and_a_condition_gets_its_badge(opened):
    """The goblin has 8 hit points: its bar is full. 6 damage from the card leaves 2/8: the bar
    is empty past a quarter. Prone from the card's list draws a lettered badge and the attack
    panel's next attack on it reads the prone line. A reload of the link keeps it all."""
    page, record = opened(link=encounter_hash(DEMO))
    page.get_by_role("list", name="Creatures").get_by_text("Goblin", exact=True).click()
    card = page.get_by_role("region", name="Selected creature")
    assert "8/8 hp" in card.inner_text()
    next_frame(page)
    assert bar_pixel(page, Square(8, 7), 0.6) == rgb("#009E73")
    card.get_by_label("Hit points to take or give").fill("6")
    card.get_by_role("button", name="Damage").click()
    assert "Goblin takes 6 hp: 2/8 hp." in notices(page)
    assert "2/8 hp" in card.inner_text()
    next_frame(page)
    assert bar_pixel(page, Square(8, 7), 0.6) == (255, 255, 255)
    assert bar_pixel(page, Square(8, 7), 0.1) == rgb("#D55E00")
    card.get_by_role("combobox", name="Add condition").select_option("prone")
    assert encounter_of(page).conditions_of("Goblin") == ("prone",)
    layout = page_layout(page)
    x, y = layout.to_pixel(Square(8, 7))
    r = max(7, layout.cell_size * 0.2)
    next_frame(page)
    assert layer_rgba(page, "top-layer", x + layout.cell_size / 2 - r * 1.1 + r * 0.6, y - layout.cell_size / 2 + r * 1.1)[:3] == rgb(BADGE_FILL)
    show_tab(page, "Attack")
    page.select_option("#attack-attacker", "Kroh")
    page.select_option("#attack-target", "Goblin")
    assert "Target prone, AC against melee: -4" in page.inner_text("#attack-lines")
    link = page.evaluate("location.href")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    after = encounter_of(page)
    assert after.conditions_of("Goblin") == ("prone",) and after.stats_of("Goblin").hit_points == 2
    assert record.errors == []


def test_a_condition_comes_off_with_one_click_and_undo_brings_it_back(opened):
    page, record = opened(link=encounter_hash(DEMO.with_condition(AppliedCondition("shaken", "Goblin"))))
    page.get_by_role("list", name="Creatures").get_by_text("Goblin", exact=True).click()
    page.get_by_role("button", name="Remove shaken").click()
    assert encounter_of(page).conditions == ()
    page.get_by_role("button", name="Undo").click()
    assert encounter_of(page).conditions_of("Goblin") == ("shaken",)
    assert record.errors == []


def test_a_hindered_goblin_moves_five_feet_until_its_next_turn_ends(opened):
    """Seed 003, Hinder: "reducing his speed to five feet until the end of his next turn". A
    drag of 10 ft is refused with the Hindered line; 5 ft goes. After the goblin's turn passes
    in the round tracker, it is no longer hindered."""
    hindered = DEMO.with_condition(AppliedCondition("hindered", "Goblin", end_of_next_turn("Goblin"), "Hinder"))
    page, record = opened(link=encounter_hash(hindered))
    layout = page_layout(page)
    start = layout.to_pixel(Square(8, 7))
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(Square(8, 9)), steps=6)
    page.mouse.up()
    assert encounter_of(page).creature("Goblin").anchor == Square(8, 7)
    assert any("Goblin stays put." in text for text in notices(page, errors_only=True))
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(Square(8, 8)), steps=6)
    page.mouse.up()
    assert encounter_of(page).creature("Goblin").anchor == Square(8, 8)
    assert encounter_of(page).creature("Goblin").speed_modifiers == ()
    turns_pass_until_no_condition_is_left(page)
    assert "Goblin is no longer hindered" in encounter_of(page).round.log
    assert record.errors == []


def test_roll_initiative_orders_the_round_and_a_typed_one_moves_a_creature_first(opened):
    """Issue 15, initiative per creature: Roll initiative rolls for every creature and logs
    each roll; typing 30 as the goblin's initiative puts it first; the others, yet to act in
    round 1, are flat-footed (SRD 3.5 Flat-Footed, the option on by default); a reloaded link
    keeps the initiatives."""
    page, record = opened(link=encounter_hash(DEMO))
    show_tab(page, "Round")
    page.get_by_role("button", name="Roll initiative").click()
    rolled = encounter_of(page)
    assert all(rolled.round.initiative_of(name) is not None for name in ("Kroh", "Bugbear", "Goblin", "Ogre"))
    assert "Initiative rolled" in page.inner_text("#round-log")
    assert "Kroh: initiative d20 " in page.inner_text("#round-log")
    typed = page.get_by_role("spinbutton", name="Goblin's initiative")
    typed.fill("30")
    typed.press("Enter")
    page.wait_for_function("document.querySelector('#round-rows li.current') && "
                           "document.querySelector('#round-rows li.current').dataset.name === 'Goblin'")
    after = encounter_of(page)
    assert after.round.initiative_of("Goblin").result == 30
    assert after.conditions_of("Goblin") == () and "flat-footed" in after.conditions_of("Kroh")
    assert page.get_by_role("spinbutton", name="Goblin's initiative").input_value() == "30"
    link = page.evaluate("location.href")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    assert encounter_of(page).round.initiative_of("Goblin").result == 30
    assert record.errors == []


def critical_random(encounter, kind, maneuver, effect="Trip"):
    """A value for the page's ``Math.random`` (which seeds the roll, ``web.attack_panel``) that
    makes Kroh's attack on the goblin a critical hit offering ``effect``, found under CPython
    with the page's own table code."""
    import random

    from web import table

    for step in range(1, 4000):
        value = step / 4000
        _, view = table.rolled(encounter, "Kroh", "Goblin", kind, maneuver, random.Random(int(value * 2**53)))
        if any(text.startswith(effect) for text in view.effect_texts):
            return value, view
    raise AssertionError(f"no value of Math.random gives a critical {effect}")


def roll_critical(page, effect="Trip"):
    """Kroh attacks the goblin from the Attack tab with the page's dice set to a critical hit
    offering ``effect`` (``critical_random``), and rolls: the roll's view, as CPython works it
    out."""
    show_tab(page, "Attack")
    page.select_option("#attack-attacker", "Kroh")
    page.select_option("#attack-target", "Goblin")
    kind, maneuver = page.input_value("#attack-kind"), page.input_value("#attack-maneuver")
    value, view = critical_random(encounter_of(page), kind, maneuver, effect)
    page.evaluate(f"Math.random = () => {value}")
    page.get_by_role("button", name="Roll", exact=True).click()
    return view


def critical_table(damage="1d6"):
    """The demo board with Kroh a fighting class in Active Attack and critical hit effects on."""
    from dataclasses import replace

    from rules.stances import Stance

    table = DEMO.with_stats("Kroh", CombatStats(is_fighting_class=True, stance=Stance.ACTIVE_ATTACK, damage=damage))
    return replace(table, options=replace(table.options, crit_hit_effects=True))


def test_a_rolled_critical_trip_knocks_the_target_prone_and_the_next_attack_reads_it(opened):
    """Seed 003, Trip: "Target is knocked prone." Kroh rolls against the goblin in the Attack tab
    with the page's dice set to a critical hit; choosing Trip puts the prone badge on the goblin
    and the next attack against it shows the prone line; the link keeps it."""
    page, record = opened(link=encounter_hash(critical_table()))
    view = roll_critical(page)
    assert view.headline in " ".join(notices(page))
    page.locator("#roll-effects button[aria-label^='Choose: Trip']").click()
    after = encounter_of(page)
    assert "prone" in after.conditions_of("Goblin")
    # One effect a roll (a walkthrough chose Trip and then Disarm on the same critical hit).
    assert page.locator("#roll-effects button[aria-label^='Choose: Disarm']").is_disabled()
    assert page.locator("#roll-effects button[aria-label^='Choose: Trip']").inner_text() == "Chosen"
    layout = page_layout(page)
    x, y = layout.to_pixel(after.creature("Goblin").anchor)
    r = max(7, layout.cell_size * 0.2)
    next_frame(page)
    assert layer_rgba(page, "top-layer", x + layout.cell_size / 2 - r * 1.1 + r * 0.6, y - layout.cell_size / 2 + r * 1.1)[:3] == rgb(BADGE_FILL)
    assert "Target prone, AC against melee: -4" in page.inner_text("#attack-lines")
    link = page.evaluate("location.href")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    assert "prone" in encounter_of(page).conditions_of("Goblin")
    assert record.errors == []


def test_a_rolled_critical_disarm_drops_the_weapon_on_the_board_until_picked_up(opened):
    """Seed 003, Disarm: "Target's weapon or shield is knocked away in a random direction a
    number of feet equal to half the damage you dealt." Choosing it draws a W marker where it
    lands, lists it in the Attack tab, and Pick up takes it away (one undo step)."""
    from web.fight import DROPPED_FILL

    page, record = opened(link=encounter_hash(critical_table("2d6+6")))
    roll_critical(page, "Disarm")
    page.locator("#roll-effects button[aria-label^='Choose: Disarm']").click()
    (item,) = encounter_of(page).dropped
    assert "Goblin's weapon or shield" in " ".join(notices(page))
    layout = page_layout(page)
    corners = layout.corners(item.cell)
    r = max(8, layout.cell_size * 0.26)
    next_frame(page)
    x, y = min(cx for cx, _ in corners) + r * 1.2 + r * 0.6, max(cy for _, cy in corners) - r * 1.2
    assert layer_rgba(page, "top-layer", x, y)[:3] == rgb(DROPPED_FILL)
    listed = page.get_by_role("list", name="Dropped on the board (W on the board)")
    assert "Goblin's weapon or shield lies at" in listed.inner_text()
    listed.get_by_role("button", name="Pick up Goblin's weapon or shield").click()
    assert encounter_of(page).dropped == ()
    page.get_by_role("button", name="Undo").click()
    assert encounter_of(page).dropped == (item,)
    assert record.errors == []


def test_the_card_puts_a_condition_on_for_a_round_and_the_tracker_ends_it(opened):
    page, record = opened(link=encounter_hash(DEMO))
    page.get_by_role("list", name="Creatures").get_by_text("Goblin", exact=True).click()
    card = page.get_by_role("region", name="Selected creature")
    card.get_by_role("combobox", name="How long").select_option(label="to its next turn's end")
    card.get_by_role("combobox", name="Add condition").select_option("shaken")
    assert "Goblin is shaken until the end of Goblin's next turn." in notices(page)
    assert encounter_of(page).round.log[-1] == "Goblin is shaken until the end of Goblin's next turn"
    turns_pass_until_no_condition_is_left(page)
    assert "Goblin is no longer shaken" in encounter_of(page).round.log
    assert record.errors == []


def test_an_undone_roll_offers_no_effects(opened):
    """A walkthrough undid a critical miss and its Choose buttons still worked, imposing Blind
    with no roll in the log. Undo takes the roll's offers away."""
    page, record = opened(link=encounter_hash(critical_table()))
    roll_critical(page)
    assert page.locator("#roll-effects button").count() > 0
    page.get_by_role("button", name="Undo").click()
    assert page.locator("#roll-effects button").count() == 0
    assert record.errors == []
