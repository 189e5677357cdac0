"""Hostile input never hangs, kills or bricks the page (issue 20), in a real browser.

Deep nesting in a link, at start and on a hash change; a poisoned list of named saves; a full
storage quota; two tabs editing two boards. In each the page keeps working and says what it
did, over the board.
"""

import base64
import json
import zlib

from conftest import notices, open_page, wait_ready
from rules.link import encounter_hash, parse_encounter_hash
from web.state import demo_encounter

DEMO = demo_encounter()


def nested_link(levels):
    """A well-wrapped link whose payload nests ``levels`` lists deep (54 characters for 5,700)."""
    payload = ("[" * levels + "]" * levels).encode()
    return "#v1." + base64.urlsafe_b64encode(zlib.compress(payload, 9)).rstrip(b"=").decode()


def encounter_of(page):
    """The encounter on the page, read back through its own link."""
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def test_a_deeply_nested_link_at_start_is_refused_and_the_page_works(browser, server_url):
    """5,700 and 10,000 levels of nesting killed Python in the page; now the link is refused
    with a message over the board, the demo board shows, and the board still takes a turn."""
    for levels in (5_700, 10_000):
        context, page, record = open_page(browser, server_url + nested_link(levels))
        errors = notices(page, errors_only=True)
        assert len(errors) == 1 and errors[0].startswith("This link is damaged"), errors
        assert encounter_of(page) == DEMO
        page.evaluate("flankwise.select('Kroh')")
        page.keyboard.press("e")
        assert encounter_of(page).creature("Kroh").facing == 1
        assert record.errors == []
        context.close()


def test_a_deeply_nested_link_on_a_hash_change_changes_nothing(browser, server_url):
    """Pasting the same link into the open page: refused, said, and the board as it was."""
    context, page, record = open_page(browser, server_url)
    page.evaluate(f"location.hash = {nested_link(10_000)!r}")
    page.wait_for_function("document.getElementById('notices').textContent.includes('damaged')")
    assert encounter_of(page) == DEMO
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    assert encounter_of(page).creature("Kroh").facing == 1
    assert record.errors == []
    context.close()


def test_a_poisoned_save_list_is_set_aside_and_the_page_starts(browser, server_url):
    """Deep nesting stored under the named saves killed Python on every start. The page now
    starts, says one list of saves was set aside, keeps the poison under another key, and
    saving works again."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "static/icon.svg")
    poison = "[" * 10_000 + "]" * 10_000
    page.evaluate("text => localStorage.setItem('flankwise:saves', text)", poison)
    page.goto(server_url)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.table === '1'")
    assert any("could not be read and were set aside" in text for text in notices(page, errors_only=True))
    kept = page.evaluate("Object.keys(localStorage).filter(key => localStorage.getItem(key).length === 20000)")
    assert kept and all(key.startswith("flankwise:set-aside:") for key in kept)
    page.get_by_role("tab", name="Encounter").click()
    page.get_by_role("textbox", name="Save as").fill("Alpha")
    page.get_by_role("button", name="Save encounter").click()
    assert page.get_by_role("button", name="Open Alpha").count() == 1
    context.close()


def test_a_full_storage_says_so_and_the_board_still_works(browser, server_url):
    """When the browser refuses to store more, a change says the storage is full; the board
    keeps working, and the last good autosave is still there after a reload."""
    context, page, _ = open_page(browser, server_url)
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    saved = encounter_of(page)
    page.evaluate("""() => {
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
        window.restoreStorage = () => { Storage.prototype.setItem = real; };
    }""")
    page.keyboard.press("e")
    errors = notices(page, errors_only=True)
    assert errors and "storage for this page is full" in errors[-1]
    assert encounter_of(page).creature("Kroh").facing == 2, "the board still works"
    page.keyboard.press("e")
    assert encounter_of(page).creature("Kroh").facing == 3
    page.goto("about:blank")
    page.goto(server_url)
    wait_ready(page)
    assert encounter_of(page) == saved, "the last good autosave is kept"
    context.close()


def test_two_tabs_keep_two_boards_and_a_reload_offers_the_other(browser, server_url):
    """Two tabs editing two boards: each keeps its own after a reload, and the other tab's
    board is offered, not lost."""
    context = browser.new_context()
    first = context.new_page()
    first.goto(server_url)
    wait_ready(first)
    first.evaluate("flankwise.select('Goblin')")
    first.keyboard.press("Delete")
    second = context.new_page()
    second.goto(server_url + encounter_hash(DEMO.remove("Ogre")))
    wait_ready(second)
    second.evaluate("flankwise.select('Kroh')")
    second.keyboard.press("e")
    first.goto(server_url)
    wait_ready(first)
    assert encounter_of(first) == DEMO.remove("Goblin"), "the first tab's own board"
    (offer,) = [text for text in notices(first) if "Another tab's board" in text]
    first.get_by_role("button", name="Open the other tab's board").click()
    assert encounter_of(first).creature("Kroh").facing == 1 and "Ogre" not in encounter_of(first).names()
    context.close()
