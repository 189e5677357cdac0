"""The map image under the grid (issue 17): the Map tab's *Map image* controls, the image the
encounter names found in this browser or asked for, image files picked, dropped or pasted, the
two-step calibration on the board, and Universal VTT maps imported.

The encounter names its image by a ``rules.backdrop.Backdrop`` (its SHA-256, name, size and
alignment); the image itself is kept in the browser's IndexedDB under that hash by
static/maps.mjs (``window.flankwiseMaps``), which also hashes files (``crypto.subtle``) and
decodes them. Every rule (which files are images, how the grid lies on the image, what a file
or a Universal VTT map holds) is in ``rules.backdrop``, ``rules.link`` and ``rules.uvtt``; this
module carries files to them and their answers to the board. Bad input changes nothing and
says why over the board.
"""

import asyncio
from dataclasses import replace

import js
from pyodide.ffi import JsException

from web.dom import document, element, guarded, on

UVTT_ENDINGS = (".dd2vtt", ".uvtt", ".df2vtt")
"""The file endings of Universal VTT maps."""

FIELDS = (("map-cell", "cell"), ("map-x", "x"), ("map-y", "y"))
"""The Map image number fields and the ``Backdrop`` field each sets."""


def maps():
    """The browser's map services (static/maps.mjs)."""
    return js.window.flankwiseMaps


def js_message(error) -> str:
    """A JavaScript error's message, as a player reads it."""
    text = str(error)
    for prefix in ("Error: ", "TypeError: ", "DOMException: "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text.rstrip(".")


def number_text(value: float) -> str:
    """A number for a field: whole numbers without a point, others to thousandths."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


class MapImage:
    """The map image of one board: images decoded for drawing by hash (``images``), the
    calibration under way, and the Map image controls."""

    def __init__(self, board):
        self.board = board
        self.images = {}
        self.scaled = {}
        self.looked_up = set()
        self.not_found = set()
        self.missing = None
        self.calibration = None
        self.hidden = set()
        on(element("map-file"), "change", self.picked)
        on(element("map-missing-file"), "change", self.picked)
        on(element("map-missing-hide"), "click", lambda _event: self.hide_placeholder())
        on(element("map-opacity"), "change", lambda event: self.align("opacity", event.target.value))
        for id_, field in FIELDS:
            on(element(id_), "change", lambda event, field=field: self.align(field, event.target.value))
        on(element("map-across"), "change", lambda event: self.align("across", event.target.value))
        on(element("map-align-cell"), "click", lambda _event: self.calibrate("corners"))
        on(element("map-align-drag"), "click", lambda _event: self.calibrate("span"))
        on(element("map-remove"), "click", lambda _event: self.remove())
        area = element("board")
        on(area, "dragover", self.drag_over, passive=False)
        on(area, "drop", self.dropped, passive=False)
        on(document, "paste", self.pasted, passive=False)
        canvas = board.canvas.top_canvas
        on(canvas, "pointerdown", self.calibration_down, passive=False, capture=True)
        on(canvas, "pointerup", self.calibration_up, passive=False, capture=True)
        on(document, "keydown", self.calibration_key, capture=True)

    # Drawing.
    def picture(self):
        """``(image, backdrop)`` for the grid layer: the decoded image of the encounter's map
        and its alignment, or ``None`` while there is none to draw."""
        backdrop = self.board.encounter.backdrop
        if backdrop is None or backdrop.sha256 not in self.images:
            return None
        return self.images[backdrop.sha256], backdrop

    # Showing the encounter's map.
    def render(self):
        """The controls as the encounter's map has them; look the image up in this browser
        the first time a hash is named, and say so over the board when it is not here."""
        from rules.backdrop import missing_text, size_text

        backdrop = self.board.encounter.backdrop
        element("map-settings").hidden = backdrop is None
        element("export-map-label").hidden = backdrop is None
        status = element("map-status")
        if backdrop is None:
            status.textContent = "No map image. Load one, drop one on the board or paste one."
        else:
            status.textContent = (f"{backdrop.name}, {size_text(backdrop.size)}, "
                                  f"{backdrop.width} x {backdrop.height} pixels")
            shown = {id_: number_text(getattr(backdrop, field)) for id_, field in FIELDS}
            shown["map-across"] = number_text(backdrop.width / backdrop.cell)
            shown["map-opacity"] = str(backdrop.opacity)
            for id_, text in shown.items():
                element(id_).value = text
            element("map-opacity-value").textContent = f"{backdrop.opacity}%"
            if backdrop.sha256 not in self.looked_up:
                self.looked_up.add(backdrop.sha256)
                asyncio.ensure_future(guarded(self.look_up)(backdrop.sha256))
        self.missing = (backdrop.sha256 if backdrop is not None and backdrop.sha256 in self.not_found else None)
        if self.missing is not None:
            status.textContent += ": not in this browser yet (drop the file on the board, or load it here)"
        element("map-missing").hidden = self.missing is None or self.missing in self.hidden
        if self.missing is not None:
            element("map-missing-text").textContent = missing_text(backdrop)

    def hide_placeholder(self):
        """Put the missing map's placeholder away (the Map tab still names the file)."""
        self.hidden.add(self.missing)
        self.render()

    async def look_up(self, sha256):
        """Find the image ``sha256`` in this browser's store and draw it; note it missing."""
        blob = await maps().find(sha256)
        if blob:
            try:
                await self.decoded(sha256, blob)
            except JsException:
                blob = None
        if not blob:
            self.not_found.add(sha256)
        self.changed()

    async def decoded(self, sha256, blob):
        """Decode ``blob`` for drawing as the image ``sha256``."""
        from rules.backdrop import MAX_DRAWN_AREA, MAX_DRAWN_SIDE

        result = await maps().decode(blob, MAX_DRAWN_SIDE, MAX_DRAWN_AREA)
        self.images[sha256] = result.bitmap
        self.scaled[sha256] = (result.width, result.height, result.scale)
        self.looked_up.add(sha256)
        self.not_found.discard(sha256)
        return result

    def changed(self):
        """Show what a look-up or a new image changed: the controls and the board."""
        self.render()
        self.board.canvas.grid_key = None
        self.board.canvas.request_frame()

    # Files.
    def picked(self, event):
        """A file chosen with *Load map image* (a new map, or the missing one), or with the
        placeholder's *Choose the file* (only the missing one)."""
        files = event.target.files
        if files.length:
            file = files.item(0)
            event.target.value = ""
            return self.take(file, check=event.target.id == "map-missing-file")
        return None

    def drag_over(self, event):
        """Let files be dropped on the board."""
        if event.dataTransfer and "Files" in list(event.dataTransfer.types):
            event.preventDefault()
            event.dataTransfer.dropEffect = "copy"

    def dropped(self, event):
        """A file dropped on the board: a map image, a Universal VTT map or an encounter file."""
        if not event.dataTransfer or not event.dataTransfer.files.length:
            return None
        event.preventDefault()
        return self.take(event.dataTransfer.files.item(0), check=True)

    def pasted(self, event):
        """An image pasted anywhere but in a text field: a map image."""
        target = event.target
        if getattr(target, "tagName", "") in ("INPUT", "TEXTAREA") or not event.clipboardData:
            return None
        files = event.clipboardData.files
        if not files.length:
            return None
        event.preventDefault()
        return self.take(files.item(0), check=True)

    async def take(self, file, check):
        """Put the image ``file`` under the grid; with ``check``, while the encounter's own
        image is missing, only that image (by its hash) is taken."""
        from rules.backdrop import BackdropError, check_image_size, fitted, image_type, wrong_file_text

        board = self.board
        name = str(file.name or "pasted image")
        lower = name.lower()
        if lower.endswith(UVTT_ENDINGS):
            await self.import_uvtt(file, check)
            return
        if lower.endswith(".json"):
            await board.shared.open_file(file)
            return
        try:
            check_image_size(int(file.size))
            image_type(bytes((await maps().head(file)).to_py()))
        except BackdropError as error:
            board.say(f"{str(error).rstrip('.')}. The board is as it was.", error=True)
            return
        sha256 = str(await maps().digest(file))
        backdrop = board.encounter.backdrop
        if check and self.missing is not None and backdrop is not None and sha256 != backdrop.sha256:
            board.say(wrong_file_text(backdrop, name) + " To use another map, choose it with Load map image "
                      "in the Map tab.", error=True)
            return
        try:
            result = await self.decoded(sha256, file)
        except JsException as error:
            board.say(f"{js_message(error)}. The board is as it was.", error=True)
            return
        kept = await maps().keep(sha256, file, name)
        note = self.size_note(sha256) + ("" if kept else " This browser would not keep it: it shows for this "
                                                          "visit only.")
        if backdrop is not None and sha256 == backdrop.sha256:
            self.restored(backdrop, note)
            return
        fresh = fitted(sha256, name, int(file.size), int(result.width), int(result.height), board.encounter.grid)
        message = f"The map '{fresh.name}' is under the grid: align the grid to it in the Map tab (Map image).{note}"
        if backdrop is not None and (backdrop.width, backdrop.height) == (fresh.width, fresh.height):
            fresh = replace(fresh, cell=backdrop.cell, x=backdrop.x, y=backdrop.y, opacity=backdrop.opacity)
            message = (f"The map '{fresh.name}' is under the grid in place of '{backdrop.name}', aligned as it was "
                       f"(the same size).{note}")
        elif backdrop is not None:
            fresh = replace(fresh, opacity=backdrop.opacity)
        board.commit(replace(board.encounter, backdrop=fresh), message, label=f"Map image {fresh.name}")

    def restored(self, backdrop, note=""):
        """Say the missing map is back (the errors of the tries before it make way)."""
        self.board.notices.clear_errors()
        self.changed()
        self.board.say(f"The map '{backdrop.name}' is back under the grid.{note}")

    def size_note(self, sha256) -> str:
        """What to say of an image drawn smaller than it is."""
        width, height, scale = self.scaled.get(sha256, (0, 0, 1))
        if scale >= 1:
            return ""
        return (f" It is {width} x {height} pixels, more than this browser draws at once: it is drawn at "
                f"{round(scale * 100)}% of its size (the grid still lines up).")

    async def store_bytes(self, data: bytes, kind: str, name: str):
        """Keep and decode an image that came inside a file (``data``, of ``kind``), as
        ``name``; returns a sentence to add to the message, "" when all went well."""
        import hashlib

        sha256 = hashlib.sha256(data).hexdigest()
        buffer = js.Uint8Array.new(len(data))
        buffer.assign(data)
        blob = maps().blobOf(buffer, kind)
        try:
            await self.decoded(sha256, blob)
        except JsException as error:
            return f" Its map image could not be shown: {js_message(error)}."
        kept = await maps().keep(sha256, blob, name)
        return self.size_note(sha256) + ("" if kept else " This browser would not keep the map image: it shows "
                                                         "for this visit only.")

    async def image_bytes(self):
        """The bytes of the encounter's map image as this browser keeps it, or ``None``."""
        backdrop = self.board.encounter.backdrop
        if backdrop is None:
            return None
        blob = await maps().find(backdrop.sha256)
        if not blob:
            return None
        return bytes((await maps().bytesOf(blob)).to_py())

    async def import_uvtt(self, file, check=False):
        """Open a Universal VTT map (.dd2vtt, .uvtt, .df2vtt): its grid, image, walls and
        doors replace the board's (one undo step); a bad file changes nothing. The map image
        is named by the file's own name, the file the game master has. With ``check``, while
        the encounter's image is missing, the file only brings that image back (checked by
        its hash)."""
        import hashlib

        from rules.backdrop import clean_file_name, image_type, wrong_file_text
        from rules.uvtt import UvttError, read_uvtt

        board = self.board
        text = await file.text()
        try:
            imported = read_uvtt(text, str(file.name))
        except UvttError as error:
            board.say(f"{str(error).rstrip('.')}. The board is as it was.", error=True)
            return
        encounter = imported.encounter
        backdrop = board.encounter.backdrop
        if check and self.missing is not None and backdrop is not None:
            if not imported.image or hashlib.sha256(imported.image).hexdigest() != backdrop.sha256:
                board.say(wrong_file_text(backdrop, str(file.name)) + " To open it as a new map, use Import file.",
                          error=True)
                return
            note = await self.store_bytes(imported.image, image_type(imported.image[:16]), backdrop.name)
            self.restored(backdrop, note)
            return
        note = ""
        if imported.image:
            encounter = replace(encounter, backdrop=replace(encounter.backdrop, name=clean_file_name(file.name)))
            note = await self.store_bytes(imported.image, image_type(imported.image[:16]), encounter.backdrop.name)
        kept = replace(encounter, ruleset=board.encounter.ruleset, options=board.encounter.options)
        notes = " ".join(imported.notes)
        if board.encounter.creatures:
            notes += " Undo brings back the board you had."
        board.commit(kept, f"Imported the map {file.name}: {encounter.grid.width} x {encounter.grid.height} squares, "
                           f"walls and doors on {len(encounter.terrain.edges)} cell sides.{note} {notes}".rstrip(),
                     label=f"Import {file.name}")
        board.select(None)
        board.fit()

    # Alignment.
    def align(self, field, raw):
        """Set one alignment number from its field (one undo step); a wrong value is refused,
        naming the field, and the field shows the value kept."""
        from rules.backdrop import BackdropError

        board = self.board
        backdrop = board.encounter.backdrop
        if backdrop is None:
            return
        try:
            value = float(str(raw).strip())
            if field == "across":
                aligned = backdrop.with_cells_across(value)
            elif field == "opacity":
                aligned = backdrop.with_opacity(int(round(value)))
            else:
                aligned = replace(backdrop, **{field: value})
        except (ValueError, BackdropError) as error:
            message = str(error) if isinstance(error, BackdropError) else "That is not a number"
            board.say(f"{message.rstrip('.')}. The map is as it was.", error=True)
            self.render()
            return
        if aligned != backdrop:
            board.commit(replace(board.encounter, backdrop=aligned), self.off_board_text(aligned),
                         label="Align the map image")

    def off_board_text(self, backdrop):
        """What to say when the image no longer lies over any of the board, else ``None``."""
        x, y, across, down = backdrop.placed()
        width, height = self.board.encounter.grid.extent()
        if x + across <= 0 or y + down <= 0 or x >= width or y >= height:
            return ("The map image now lies off the board, so none of it shows: set the offsets nearer 0 "
                    "(Undo puts it back).")
        return None

    def calibrate(self, mode):
        """Start a calibration on the board: ``"corners"`` (two clicks on opposite corners of
        one cell of the map's grid) or ``"span"`` (a drag across a known number of cells)."""
        board = self.board
        if board.encounter.backdrop is None:
            return
        from rules.backdrop import BackdropError, check_cells_crossed

        if mode == "span":
            try:
                cells = check_cells_crossed(element("map-cells").value)
            except BackdropError as error:
                board.say(f"{str(error).rstrip('.')}, in Cells crossed.", error=True)
                return
        self.calibration = {"mode": mode, "points": []}
        board.canvas.top_canvas.focus()
        stop = ("Stop", self.stop_calibration, "Stop aligning the map")
        if mode == "corners":
            board.say("Click or tap one corner of a cell of the map's own grid, then the opposite corner of the same "
                      "cell.", action=stop)
        else:
            board.say(f"Drag along a row of the map's cells, from one corner of its grid across {cells} cells.",
                      action=stop)

    def unit_point(self, event):
        """The unit-geometry point of the board under a pointer event."""
        layout = self.board.layout(1)
        box = self.board.canvas.top_canvas.getBoundingClientRect()
        return ((event.clientX - box.left - layout.origin[0]) / layout.cell_size,
                (event.clientY - box.top - layout.origin[1]) / layout.cell_size)

    def calibration_down(self, event):
        """A press while calibrating: a corner, or the start of the drag."""
        if self.calibration is None:
            return
        event.stopImmediatePropagation()
        event.preventDefault()
        points = self.calibration["points"]
        points.append(self.unit_point(event))
        if self.calibration["mode"] == "corners":
            if len(points) == 1:
                self.board.say("Now click the opposite corner of the same cell.")
            else:
                self.finish_calibration()

    def calibration_up(self, event):
        """A release while calibrating: the end of the drag."""
        if self.calibration is None:
            return
        event.stopImmediatePropagation()
        if self.calibration["mode"] == "span" and self.calibration["points"]:
            self.calibration["points"].append(self.unit_point(event))
            self.finish_calibration()

    def calibration_key(self, event):
        """Esc stops a calibration."""
        if self.calibration is not None and event.key == "Escape":
            event.stopImmediatePropagation()
            self.stop_calibration()

    def stop_calibration(self):
        """Stop the calibration under way; the map stays as it was."""
        if self.calibration is not None:
            self.calibration = None
            self.board.say("Alignment stopped: the map is as it was.")

    def finish_calibration(self):
        """Align the map by the points taken (one undo step), or say why not."""
        from rules.backdrop import BackdropError, calibrated_by_corners, calibrated_by_span

        board = self.board
        calibration, self.calibration = self.calibration, None
        backdrop = board.encounter.backdrop
        first, second = calibration["points"][:2]
        try:
            if calibration["mode"] == "corners":
                aligned = calibrated_by_corners(backdrop, board.encounter.grid, first, second)
            else:
                aligned = calibrated_by_span(backdrop, board.encounter.grid, first, second, element("map-cells").value)
        except BackdropError as error:
            board.say(f"{str(error).rstrip('.')}. The map is as it was.", error=True)
            return
        board.commit(replace(board.encounter, backdrop=aligned),
                     f"The grid is aligned to the map: {number_text(aligned.cell)} pixels a cell.",
                     label="Align the map image")

    def remove(self):
        """Take the map image from under the grid (one undo step; the browser keeps it)."""
        board = self.board
        backdrop = board.encounter.backdrop
        if backdrop is not None:
            board.commit(replace(board.encounter, backdrop=None),
                         f"The map '{backdrop.name}' is no longer under the grid (Undo puts it back).")
