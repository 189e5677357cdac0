"""The README's screenshots, taken in Chromium: the workspace on a laptop and on a phone.

Square (1280x760): the demo board (Kroh between a bugbear and a goblin, an ogre) under UA Combat
Facing, Kroh selected with his zones beyond the ring and his reach, the Token tab open. Hex
(1280x760): a flat-top board under the front/side/rear variant with a Large triangle selected
among Medium creatures. Phone (390x844, touch): the demo board with Kroh selected, his card at
the board's foot, the panels folded to their tabs. Writes docs/screenshot-square.png,
docs/screenshot-hex.png and docs/screenshot-phone.png. Run with ``./serve.sh bench screenshots``.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "py"))

import devserver  # noqa: E402
from conftest import launch, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from rules.creature import Creature  # noqa: E402
from rules.encounter import Encounter  # noqa: E402
from rules.grid import HexGrid  # noqa: E402
from rules.link import encounter_hash  # noqa: E402
from rules.sizes import Size  # noqa: E402
from rules.zones import VARIANT  # noqa: E402
from web.state import demo_encounter  # noqa: E402


def hex_board():
    """A flat-top hex board under the variant: an ogre (a Large triangle) among its foes."""
    grid = HexGrid(22, 16, "flat")
    at = grid.from_offset
    return Encounter(
        grid,
        (
            Creature("Ogre", Size.LARGE, at(8, 7), facing=1, side="foe"),
            Creature("Kroh", Size.MEDIUM, at(12, 6), facing=4),
            Creature("Aelis", Size.MEDIUM, at(7, 11), facing=0, rogue_level=5),
            Creature("Ooze", Size.MEDIUM, at(13, 10), faceless=True, side="foe"),
        ),
        VARIANT,
    )


def shoot(page, url, encounter, selected, path, checks=()):
    """Open ``encounter`` by its link, select ``selected``, tick ``checks``, save a PNG."""
    page.goto("about:blank")
    page.goto(url + encounter_hash(encounter))
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.table === '1'")
    if checks:
        page.get_by_role("tab", name="Map").click()
        for box in checks:
            page.check(box)
        page.get_by_role("tab", name="Token").click()
    page.evaluate(f"flankwise.select({selected!r})")
    page.evaluate("flankwise.centre_on_selection(false)")
    page.evaluate("flankwise.notices.clear()")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


def main():
    """Take both screenshots."""
    server, url = devserver.serve_in_thread(ROOT)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_context(viewport={"width": 1280, "height": 760}).new_page()
        shoot(page, url, demo_encounter(), "Kroh", ROOT / "docs/screenshot-square.png", ("#show-beyond", "#show-reach"))
        shoot(page, url, hex_board(), "Ogre", ROOT / "docs/screenshot-hex.png", ("#show-reach",))
        phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
        shoot(phone, url, demo_encounter(), "Kroh", ROOT / "docs/screenshot-phone.png")
        browser.close()
    server.shutdown()
    print("wrote docs/screenshot-square.png, docs/screenshot-hex.png and docs/screenshot-phone.png")


if __name__ == "__main__":
    main()
