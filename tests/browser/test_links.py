"""Encounters as links in a real browser: share, reload, damaged links, hostile names.

A link opened in a fresh browser context shows the same board; a damaged one shows what is
wrong and leaves the encounter on screen as it was; a reload restores the autosave.
"""

from dataclasses import replace

from conftest import notices, open_page, wait_ready
from rules.creature import Creature
from rules.grid import Square
from rules.link import encounter_hash, parse_encounter_hash
from rules.sizes import Size
from web.state import demo_encounter


def page_encounter(page):
    """The encounter on the page, read back through its own link."""
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def test_every_change_updates_the_hash_without_new_history(app):
    """Turning Kroh rewrites the hash to the new encounter; the history length stays the same."""
    page, _ = app
    length = page.evaluate("history.length")
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    assert parse_encounter_hash(page.evaluate("location.hash")).creature("Kroh").facing == 1
    assert page.evaluate("history.length") == length


def test_a_shared_link_opens_the_same_board_in_a_fresh_context(browser, server_url):
    """A link made from an encounter opens exactly that encounter elsewhere."""
    shared = demo_encounter().place(Creature("Rogue B", Size.MEDIUM, Square(3, 3), facing=2, rogue_level=5))
    context, page, record = open_page(browser, server_url + encounter_hash(shared))
    assert page_encounter(page) == shared
    assert page.evaluate("Array.from(flankwise.encounter.names())") == list(shared.names())
    assert "Opened the encounter in this link" in page.inner_text("#notices")
    assert record.errors == []
    context.close()


def test_a_damaged_link_says_so_and_keeps_the_encounter(browser, server_url):
    """A cut link shows what is wrong; the board is the one the player had (the autosave)."""
    context, page, _ = open_page(browser, server_url)
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    before = page_encounter(page)
    good = encounter_hash(before)
    page.goto("about:blank")
    page.goto(server_url + good[: len(good) // 2])
    wait_ready(page)
    assert "This link is damaged" in page.inner_text("#notices")
    assert "Showing your last autosaved encounter instead" in page.inner_text("#notices")
    assert page.evaluate("flankwise.encounter.creature('Kroh').facing") == 1
    assert page_encounter(page) == before
    assert page.evaluate("location.hash") == good[: len(good) // 2], "the damaged address stays, to be sent back"
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    assert page.evaluate("location.hash") == page.evaluate("flankwise.link()"), "a change puts the board's own link there"
    context.close()


def test_a_bad_link_pasted_while_open_changes_nothing(app):
    """Pasting a wrong-version link into the open page reports it and keeps the board."""
    page, _ = app
    page.evaluate("location.hash = '#v7.abc'")
    page.wait_for_function("document.getElementById('notices').textContent.includes('link')")
    assert page.evaluate("flankwise.encounter.creatures.length") == 4
    assert "newer version of Flankwise" in notices(page, errors_only=True)[-1]
    assert page.evaluate("location.hash") == "#v7.abc", "the bad address stays, to be sent back"


def test_reload_restores_the_autosave(browser, server_url):
    """Change the board, open the bare page again: the change is still there."""
    context, page, _ = open_page(browser, server_url)
    page.evaluate("flankwise.select('Goblin')")
    page.keyboard.press("Delete")
    page.goto(server_url)
    wait_ready(page)
    assert "Goblin" not in page.evaluate("Array.from(flankwise.encounter.names())")
    assert "Restored your last encounter" in page.inner_text("#notices")
    context.close()


def test_a_hostile_token_name_is_text_and_runs_nothing(browser, server_url):
    """A token named like an HTML injection shows as text in the panel and runs no script."""
    name = "<img src=x onerror=alert(1)>"
    hostile = demo_encounter().replace("Kroh", replace(demo_encounter().creature("Kroh"), name=name))
    context = browser.new_context()
    page = context.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(server_url + encounter_hash(hostile))
    wait_ready(page)
    page.evaluate(f"flankwise.select({name!r})")
    assert page.input_value("#token-name") == name
    assert name in page.inner_text("#token-legend")
    page.get_by_role("tab", name="Encounter").click()
    page.fill("#save-name", name)
    page.click("#save-encounter")
    assert name in page.inner_text("#saves")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert dialogs == []
    context.close()
