"""The encounter outside the page: the URL hash, autosave, named saves, files and images.

Reading and writing the encounter's code is ``rules.link``'s work; this module only moves that
text between the page and the browser: ``history.replaceState`` (so changes do not spam the
back button), ``localStorage`` (the autosave and the named saves), downloads and file picks.
A link or file that cannot be opened leaves the encounter on screen as it was, and never
touches a saved encounter.
"""

import json

import js
from pyodide.ffi import create_proxy


AUTOSAVE_KEY = "flankwise:current"
SAVES_KEY = "flankwise:saves"


def storage():
    """The browser's localStorage, or None where the browser refuses it (private modes)."""
    try:
        return js.window.localStorage
    except Exception:  # noqa: BLE001  (a SecurityError from the browser means: no storage)
        return None


def hash_text():
    """The page's URL hash, '#' included, or ''."""
    return js.window.location.hash or ""


def opening_encounter():
    """What to open on start: ``(encounter or None, message or None, is_error)``.

    The link's encounter, else the autosave's, else None (the page shows its demo). A broken
    link is reported and the autosave opens instead, unchanged.
    """
    link = hash_text()
    if link and link != "#":
        from rules.link import LinkError, parse_encounter_hash

        try:
            return parse_encounter_hash(link), "Opened the encounter in this link.", False
        except LinkError as error:
            fallback, _ = autosaved()
            shown = "the demo board" if fallback is None else "your last autosaved encounter"
            return fallback, f"{error}. Showing {shown} instead; the link stays in the address bar.", True
    encounter, message = autosaved()
    return encounter, message, False


def autosaved():
    """The autosaved encounter and a message, or (None, None) if there is none to open."""
    store = storage()
    code = store.getItem(AUTOSAVE_KEY) if store is not None else None
    if not code:
        return None, None
    from rules.link import LinkError, parse_encounter_hash

    try:
        return parse_encounter_hash(code), "Restored your last encounter."
    except LinkError:
        return None, "Your last autosave could not be opened, so a new board is shown."


def publish(encounter):
    """Put ``encounter`` in the URL hash (no new history entry) and the autosave.

    Returns None, or a message if the encounter cannot be put in a link (it is still on screen).
    """
    from rules.link import LinkError, encounter_hash

    try:
        link = encounter_hash(encounter)
    except LinkError as error:
        return str(error)
    if link != hash_text():
        js.window.history.replaceState(js.undefined, "", link)
    store = storage()
    if store is not None:
        store.setItem(AUTOSAVE_KEY, link)
    return None


def saves():
    """The named saves: a dict of name to link code, newest last."""
    store = storage()
    try:
        data = json.loads(store.getItem(SAVES_KEY) or "{}") if store is not None else {}
    except ValueError:
        return {}
    return {str(name): str(code) for name, code in data.items()} if isinstance(data, dict) else {}


def write_saves(named):
    """Store the named saves."""
    store = storage()
    if store is not None:
        store.setItem(SAVES_KEY, json.dumps(named))


def download(filename, href):
    """Offer ``href`` (a data: or blob: URL) to the player as a download named ``filename``."""
    anchor = js.document.createElement("a")
    anchor.href = href
    anchor.download = filename
    anchor.click()


def export_json(encounter):
    """Download the encounter as a readable, versioned JSON file."""
    from rules.link import encounter_json

    blob = js.Blob.new([encounter_json(encounter)], js.Object.fromEntries([["type", "application/json"]]))
    url = js.URL.createObjectURL(blob)
    download("flankwise-encounter.json", url)
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


def export_png(grid_canvas, top_canvas):
    """Download the board as a PNG: the grid layer with the board layer over it."""
    canvas = js.document.createElement("canvas")
    canvas.width, canvas.height = grid_canvas.width, grid_canvas.height
    context = canvas.getContext("2d")
    context.drawImage(grid_canvas, 0, 0)
    context.drawImage(top_canvas, 0, 0)
    download("flankwise-board.png", canvas.toDataURL("image/png"))


async def read_json_file(file):
    """The encounter in a picked JSON file; ``LinkError`` says what is wrong with it."""
    from rules.link import parse_encounter_json

    text = await file.text()
    return parse_encounter_json(text)
