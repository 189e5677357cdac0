"""The encounter panel: share the link, export and import files, save an image, named saves.

Moving the encounter's text in and out of the browser is ``web.links``'s work; this panel owns
the controls. Named saves are listed with Open, Rename and Delete: a rename happens in place
(the name becomes a text field; Enter keeps it, Escape cancels), and a deleted save can be
brought back with the Undo button of its notice for ten seconds. The page never opens a
browser dialog (``prompt``, ``confirm``).
"""

import js

from rules.errors import RulesError
from web import links, scene
from web.dom import element, make, on


class EncounterPanel:
    """The share-and-save controls of one board."""

    def __init__(self, board):
        self.board = board
        self.renaming = None
        on(element("copy-link"), "click", lambda _event: self.copy_link())
        for id_ in ("export-json", "export-json-2"):
            on(element(id_), "click", lambda _event: self.export_file())
        for id_ in ("export-png", "export-png-2"):
            on(element(id_), "click", lambda _event: self.save_image())
        on(element("import-json"), "change", self.import_file)
        on(element("save-encounter"), "click", lambda _event: self.save())
        on(element("saves"), "click", self.on_saves_click)
        on(element("saves"), "keydown", self.on_saves_key, passive=False)
        self.show_saves()

    def copy_link(self):
        """Copy the encounter's link (the one on screen, whatever the address bar holds)."""
        link = self.board.share_url()
        try:
            js.navigator.clipboard.writeText(link)
            self.board.say("Link copied: paste it anywhere to share this encounter.")
        except Exception:  # noqa: BLE001  (no clipboard: show the link to copy by hand)
            self.board.say(f"Copy this link: {link}")

    async def export_file(self):
        """Download the encounter as a readable JSON file, with its map image inside it if
        the player chose so."""
        board = self.board
        encounter = board.encounter
        image = None
        if encounter.backdrop is not None and element("export-map").checked:
            image = await board.map_image.image_bytes()
            if image is None:
                board.say(f"This browser does not have the map '{encounter.backdrop.name}', so the file names it "
                          "without carrying it.", error=True)
        links.export_json(encounter, image)
        if image is not None:
            board.say("Exported the encounter as a file with its map image inside (flankwise-encounter.json).")
        elif encounter.backdrop is not None:
            board.say(f"Exported the encounter as a file (flankwise-encounter.json). It names the map "
                      f"'{encounter.backdrop.name}' without carrying it: another computer needs that file too, or "
                      "tick Put the map image inside exported files (Encounter tab) and export again.")
        else:
            board.say("Exported the encounter as a file (flankwise-encounter.json).")

    def render(self):
        """Nothing follows the encounter here: the saves change only by this panel."""

    async def import_file(self, event):
        """Open a picked file (an encounter, or a Universal VTT map); a bad file changes
        nothing."""
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        event.target.value = ""
        await self.open_file(file)

    async def open_file(self, file):
        """Open the encounter of a JSON file, keeping the map image inside it in this browser,
        or a Universal VTT map (``web.backdrop``); a bad file changes nothing."""
        from rules.backdrop import image_type
        from rules.link import LinkError
        from web.backdrop import UVTT_ENDINGS

        board = self.board
        if str(file.name).lower().endswith(UVTT_ENDINGS):
            await board.map_image.import_uvtt(file)
            return
        try:
            opened, image = await links.read_json_file(file)
        except LinkError as error:
            board.say(f"{error}. The encounter on screen is the one you had before.", error=True)
            return
        note = ""
        if image is not None:
            note = await board.map_image.store_bytes(image, image_type(image[:16]), opened.backdrop.name)
            note = " Its map image is kept in this browser." + note
        if board.encounter.creatures or board.encounter.terrain.edges or board.encounter.terrain.cells:
            note += " Undo brings back the board you had."
        regridded = opened.grid != board.encounter.grid
        board.commit(opened, "Imported the encounter file." + note)
        board.select(None)
        if regridded:
            board.fit()

    def save_image(self):
        """Download the whole board as a PNG, at a readable scale, without selection marks."""
        from web import painter

        board = self.board
        width, height, ops = scene.board_image(board.encounter, board.ui.arcs, board.map_image.picture())
        canvas = js.document.createElement("canvas")
        canvas.width, canvas.height = width, height
        painter.paint(canvas.getContext("2d"), ops, width, height)
        links.download("flankwise-board.png", canvas.toDataURL("image/png"))
        self.board.say(f"Saved the whole board as an image ({width} x {height} pixels).")

    # Named saves.
    def save(self):
        """Save the encounter under the name typed (replacing a save of that name)."""
        name = element("save-name").value.strip() or "Encounter"
        try:
            code = self.board.link()
        except RulesError as error:
            self.board.say(str(error), error=True)
            return
        named = links.saves()
        older = named.pop(name, None)
        named[name] = code
        if not self.write(named):
            return
        self.show_saves()
        if older is None:
            self.board.say(f"Saved as {name}.")
            return

        def undo():
            kept = links.saves()
            kept[name] = older
            if self.write(kept):
                self.show_saves()
                self.board.say(f"The older save {name} is back.")

        self.board.say(f"Saved as {name}, in place of the older save of that name.",
                       action=("Undo", undo, f"Undo replacing the save {name}"))

    def write(self, named):
        """Store the named saves; whether the browser took them (if not, it says why)."""
        problem = links.write_saves(named)
        if problem:
            self.board.say(problem.replace("this change", "the saves' change"), error=True)
        return problem is None

    def open_save(self, name):
        """Open the save called ``name``."""
        from rules.link import LinkError, parse_encounter_hash

        try:
            opened = parse_encounter_hash(links.saves()[name])
        except KeyError:
            self.board.say(f"There is no save called {name} any more.", error=True)
            self.show_saves()
            return
        except LinkError as error:
            self.board.say(f"{name} could not be opened: {error}. It stays in the list.", error=True)
            return
        self.board.commit(opened, f"Opened {name}.")
        self.board.select(None)

    def start_rename(self, name):
        """Turn the save's name into a text field to rename it in place."""
        self.renaming = name
        self.show_saves()
        field = element("rename-save")
        field.focus()
        field.select()

    def finish_rename(self, name, new):
        """Rename the save ``name`` to ``new``; a name another save has is refused in place."""
        new = new.strip()
        named = links.saves()
        if not new or new == name:
            self.cancel_rename()
            return
        if name not in named:
            self.cancel_rename()
            self.board.say(f"There is no save called {name} any more.", error=True)
            return
        if new in named:
            self.board.say(f"There is already a save called {new}: choose another name.", error=True)
            element("rename-save").focus()
            return
        if not self.write({new if key == name else key: code for key, code in named.items()}):
            return
        self.renaming = None
        self.show_saves()
        self.board.say(f"Renamed {name} to {new}.")

    def cancel_rename(self):
        """Leave the save's name as it was."""
        self.renaming = None
        self.show_saves()

    def delete_save(self, name):
        """Delete the save ``name``; its notice offers Undo for ten seconds."""
        named = links.saves()
        if name not in named:
            return
        order = list(named)
        position, code = order.index(name), named.pop(name)
        if not self.write(named):
            return
        self.show_saves()

        def undo():
            kept = list(links.saves().items())
            if any(key == name for key, _ in kept):
                self.board.say(f"A save called {name} exists again; the deleted one stays deleted.", error=True)
                return
            kept.insert(min(position, len(kept)), (name, code))
            if not self.write(dict(kept)):
                return
            self.show_saves()
            self.board.say(f"The save {name} is back.")

        self.board.say(f"Deleted the save {name}.", action=("Undo", undo, f"Undo deleting {name}"))

    def show_saves(self):
        """List the named saves, newest first, each with Open, Rename and Delete (or, while it is
        renamed, a text field with Rename and Cancel). One listener on the list serves every
        button (``on_saves_click``), so redrawing the list leaves no handlers behind."""
        listing = element("saves")
        listing.replaceChildren()
        notes = []
        named = links.saves(notes)
        for text, is_error in notes:
            self.board.say(text, error=is_error)
        for name in reversed(list(named)):
            item = make("li")
            item.dataset.name = name
            if name == self.renaming:
                field = make("input")
                field.id = "rename-save"
                field.value = name
                field.maxLength = 40
                field.setAttribute("aria-label", f"New name for {name}")
                item.appendChild(field)
                buttons = (("keep", "Rename", "Keep the new name"), ("cancel", "Cancel", "Cancel renaming"))
            else:
                item.appendChild(make("span", name))
                buttons = tuple((text.lower(), text, f"{text} {name}") for text in ("Open", "Rename", "Delete"))
            for action, text, label in buttons:
                button = make("button", text)
                button.type = "button"
                button.dataset.action = action
                button.setAttribute("aria-label", label)
                item.appendChild(button)
            listing.appendChild(item)

    def on_saves_click(self, event):
        """A button of the saves list: the action its ``data-action`` names, on its save."""
        button = event.target.closest("button")
        if not button:
            return
        name = button.closest("li").dataset.name
        action = button.dataset.action
        if action == "open":
            self.open_save(name)
        elif action == "rename":
            self.start_rename(name)
        elif action == "delete":
            self.delete_save(name)
        elif action == "keep":
            self.finish_rename(name, element("rename-save").value)
        elif action == "cancel":
            self.cancel_rename()

    def on_saves_key(self, event):
        """In the rename field, Enter keeps the new name and Escape cancels."""
        if event.target.id != "rename-save":
            return
        name = event.target.closest("li").dataset.name
        if event.key == "Enter":
            event.preventDefault()
            self.finish_rename(name, event.target.value)
        elif event.key == "Escape":
            event.preventDefault()
            self.cancel_rename()
