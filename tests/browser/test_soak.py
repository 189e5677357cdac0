"""A soak of seeded random play (issue 13): drags, turns, keys, undos and redos, near and past
the board's edges, with tokens from Tiny to Huge. Nothing may reach the console, and the board
must stay one a table could set up (no creature on another, every space on the board).
"""

import random

from conftest import board_offset, open_page, page_layout
from rules.creature import Creature
from rules.grid import Square
from rules.link import encounter_hash, parse_encounter_hash
from rules.placement import crowding
from rules.sizes import Size
from web.state import demo_encounter

ACTIONS = 300
SEED = 13
KEYS = ["q", "e", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Control+z", "Control+y", "Control+z"]


def soak_board():
    """The demo board with a Huge giant near the top edge and a Tiny rat and a Large wolf."""
    board = demo_encounter()
    for creature in (
        Creature("Giant", Size.HUGE, Square(20, 0), facing=4, side="foe"),
        Creature("Rat", Size.TINY, Square(2, 2), side="foe"),
        Creature("Wolf", Size.LARGE, Square(27, 17), facing=2, long=True),
    ):
        board = board.place(creature)
    return board


def test_seeded_random_play_throws_nothing(browser, server_url):
    """300 seeded random actions on a board with big and small tokens: no page error, no
    console error, and the board stays legal throughout."""
    context, page, record = open_page(browser, server_url + encounter_hash(soak_board()), (1280, 800))
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    chance = random.Random(SEED)
    box = page.evaluate("(() => { const r = document.getElementById('top-layer').getBoundingClientRect();"
                        " return [r.width, r.height]; })()")
    left, top = board_offset(page)
    for number in range(ACTIONS):
        board = parse_encounter_hash(page.evaluate("flankwise.link()"))
        roll = chance.random()
        if roll < 0.55 and board.creatures:
            creature = chance.choice(board.creatures)
            layout = page_layout(page, board.grid)
            cell = chance.choice(creature.cells(board.grid))
            start = layout.to_pixel(cell)
            end = (chance.uniform(left - 60, left + box[0] + 60), chance.uniform(top - 60, top + box[1] + 60))
            if chance.random() < 0.3:
                end = (start[0] + chance.uniform(-30, 30), layout.origin[1] - chance.uniform(1, 30))
            page.mouse.move(*start)
            page.mouse.down(button="left")
            page.mouse.move(*end, steps=chance.randint(2, 6))
            page.mouse.up()
        elif roll < 0.9 and board.creatures:
            page.evaluate(f"flankwise.select({chance.choice(board.names())!r})")
            page.keyboard.press(chance.choice(KEYS))
        elif roll < 0.95:
            page.mouse.move(left + chance.uniform(0, box[0]), top + chance.uniform(0, box[1]))
            page.mouse.wheel(0, chance.choice([-200, 200]))
        else:
            page.keyboard.press("Control+z")
        assert record.errors == [], f"after action {number}"
    final = parse_encounter_hash(page.evaluate("flankwise.link()"))
    assert crowding(final.creatures, final.grid) is None
    assert all(final.grid.contains(cell) for creature in final.creatures for cell in creature.cells(final.grid))
    context.close()
