"""The encounter outside the page: the URL hash, autosave, named saves, files and images.

Reading and writing the encounter's code is ``rules.link``'s work; this module only moves that
text between the page and the browser: ``history.replaceState`` (so changes do not spam the
back button), ``localStorage`` (the autosave and the named saves), downloads and file picks.
A link or file that cannot be opened leaves the encounter on screen as it was, and never
touches a saved encounter.
"""

import js
from pyodide.ffi import create_proxy


TAB_KEY = "flankwise:tab"
"""Where a tab keeps its own id (``sessionStorage``: it lasts through reloads of that tab)."""

_store = []


def storage():
    """The browser's localStorage, or None where the browser refuses it (private modes)."""
    try:
        return js.window.localStorage
    except Exception:  # noqa: BLE001  (a SecurityError from the browser means: no storage)
        return None


def tab_id():
    """This tab's id: kept in ``sessionStorage``, so a reload keeps it and a new tab gets its own."""
    try:
        session = js.window.sessionStorage
        found = session.getItem(TAB_KEY)
        if found:
            return str(found)
        made = js.crypto.randomUUID()
        session.setItem(TAB_KEY, made)
        return str(made)
    except Exception:  # noqa: BLE001  (no session storage: a fresh id for this page's life)
        return f"page-{int(js.Date.now())}"


def store():
    """The page's ``web.store.Store`` (made once)."""
    if not _store:
        from web.store import Store

        _store.append(Store(storage(), tab_id(), lambda: float(js.Date.now())))
    return _store[0]


def hash_text():
    """The page's URL hash, '#' included, or ''."""
    return js.window.location.hash or ""


def opening():
    """What to open on start, as a ``web.store.Opening``: the link's encounter, else this
    tab's autosave, else the newest of another tab, else none (the page shows its demo). A
    broken link is reported, the autosave opens instead, and the address keeps the link."""
    from web.store import Opening

    link = hash_text()
    if link and link != "#":
        from rules.link import LinkError, parse_encounter_hash

        try:
            return Opening(parse_encounter_hash(link), [("Opened the encounter in this link.", False)])
        except LinkError as error:
            return store().opening(str(error))
    return store().opening()


def publish(encounter):
    """Put ``encounter`` in the URL hash (no new history entry) and this tab's autosave.

    Returns ``None``, or a message: an encounter too big for a link leaves the address bare
    (a reload then opens the autosave, which keeps it as a file), and a full storage keeps the
    last good autosave.
    """
    from rules.link import LinkError, encounter_hash

    location = js.window.location
    try:
        link = encounter_hash(encounter)
        problem = None
    except LinkError as error:
        link = ""
        problem = f"{error}. It is kept in this browser; export it as a file to share it."
    if link != hash_text():
        js.window.history.replaceState(js.undefined, "", link or f"{location.pathname}{location.search}")
    full = store().autosave(encounter)
    return full or problem


def saves(notes=None):
    """The named saves: a dict of name to link code, newest last (unreadable ones set aside,
    with a note in ``notes``)."""
    return store().saves(notes)


def write_saves(named):
    """Store the named saves; ``None``, or why they could not be stored."""
    return store().write_saves(named)


def download(filename, href):
    """Offer ``href`` (a data: or blob: URL) to the player as a download named ``filename``."""
    anchor = js.document.createElement("a")
    anchor.href = href
    anchor.download = filename
    anchor.click()


def export_json(encounter, image=None):
    """Download the encounter as a readable, versioned JSON file (with the bytes of its map
    image inside it, if ``image`` is given)."""
    from rules.link import encounter_json

    blob = js.Blob.new([encounter_json(encounter, image)], js.Object.fromEntries([["type", "application/json"]]))
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
    """``(encounter, image)``: the encounter in a picked JSON file and the bytes of the map
    image inside it (``None`` for none); ``LinkError`` says what is wrong with it."""
    from rules.link import parse_encounter_file

    text = await file.text()
    return parse_encounter_file(text)
