"""The notices over the board: every message the page gives, shown where the player is looking.

A small stack at the board's top edge (``#notices``, an ``aria-live`` region) holds the latest
messages. Information fades after a few seconds, and a new piece of information takes the
place of the last (so a run of actions never stacks up over the board); an error stays until the player dismisses it
or takes the next action (``clear_errors``), so a refusal is never missed and never lingers
over a board that has moved on. A notice may carry one action button (Undo a deleted save),
which stays for ``ACTION_SECONDS``. ``beside`` puts a short callout next to a point of the board
(a refused drop's reason beside the token), kept inside the board's box.

Text always goes in as ``textContent``, never as markup: a message can quote a name from a link.
"""

import js
from pyodide.ffi import create_once_callable, create_proxy

INFO_SECONDS = 5
"""How long an information notice stays before it fades."""

ACTION_SECONDS = 10
"""How long a notice with an action button (Undo) stays."""

CALLOUT_SECONDS = 6
"""How long a callout beside a token stays."""

MOST = 3
"""The most notices shown at once; older ones make way."""

MARGIN = 8
"""CSS pixels kept between a callout and the board's edge."""


class Notices:
    """The notice stack and the callout of one page."""

    def __init__(self, document):
        self.document = document
        self.box = document.getElementById("notices")
        self.callout = document.getElementById("callout")
        self.proxies = {}
        self.callout_timer = None

    def say(self, text, error=False, action=None):
        """Show ``text``: an error (stays) or information (fades). ``action`` is ``(label,
        handler)`` for a button in the notice (the notice then stays ``ACTION_SECONDS``), or
        ``(label, handler, name)`` to give the button a fuller accessible name. Returns the
        notice's element."""
        if not error and action is None:
            for older in list(self.box.querySelectorAll(".notice.info")):
                self.remove(older)
        notice = self.document.createElement("div")
        notice.className = "notice error" if error else ("notice" if action is not None else "notice info")
        if error:
            notice.setAttribute("role", "alert")
        message = self.document.createElement("p")
        message.textContent = text
        notice.appendChild(message)
        handlers = []
        if action is not None:
            label, handler, *named = action
            name = named[0] if named else label
            button = self._button(label, name, lambda _event: (self.remove(notice), handler()))
            handlers.append(button)
            notice.appendChild(button[0])
        close = self._button("\u00d7", "Dismiss", lambda _event: self.remove(notice))
        handlers.append(close)
        notice.appendChild(close[0])
        self.proxies[id(notice)] = (notice, [proxy for _, proxy in handlers])
        self.box.appendChild(notice)
        while self.box.children.length > MOST:
            self.remove(self.box.firstElementChild)
        if action is not None or not error:
            seconds = ACTION_SECONDS if action is not None else INFO_SECONDS
            js.setTimeout(create_once_callable(lambda: self.fade(notice)), seconds * 1000)
        return notice

    def _button(self, text, label, handler):
        """A button showing ``text``, named ``label``, calling ``handler``; with its proxy."""
        button = self.document.createElement("button")
        button.type = "button"
        button.textContent = text
        button.setAttribute("aria-label", label)
        proxy = create_proxy(handler)
        button.addEventListener("click", proxy)
        return button, proxy

    def fade(self, notice):
        """Fade ``notice`` out, then remove it (at once where motion is reduced)."""
        if not notice.isConnected:
            return
        notice.classList.add("fading")
        js.setTimeout(create_once_callable(lambda: self.remove(notice)), 400)

    def remove(self, notice):
        """Take ``notice`` away and let go of its handlers."""
        if not notice:
            return
        _, proxies = self.proxies.pop(id(notice), (None, ()))
        notice.remove()
        for proxy in proxies:
            proxy.destroy()

    def clear_errors(self):
        """The player acted: errors of the past action make way (so does the callout)."""
        for notice in list(self.box.querySelectorAll(".notice.error")):
            self.remove(notice)
        self.hide_callout()

    def clear(self):
        """Take every notice away."""
        for notice in list(self.box.children):
            self.remove(notice)
        self.hide_callout()

    def texts(self):
        """The notices' texts, oldest first (for tests and the benchmark)."""
        return [notice.firstElementChild.textContent for notice in self.box.children]

    def beside(self, text, x, y, board_width, board_height):
        """Show ``text`` in the callout next to the board point ``x``, ``y`` (CSS pixels), kept
        inside a board ``board_width`` x ``board_height``; it fades after ``CALLOUT_SECONDS``."""
        callout = self.callout
        callout.textContent = text
        callout.hidden = False
        width, height = callout.offsetWidth, callout.offsetHeight
        left = min(max(MARGIN, x - width / 2), max(MARGIN, board_width - width - MARGIN))
        top = y + 12
        if top + height > board_height - MARGIN:
            top = max(MARGIN, y - height - 12)
        callout.style.left = f"{left:.0f}px"
        callout.style.top = f"{top:.0f}px"
        if self.callout_timer is not None:
            js.clearTimeout(self.callout_timer)
        self.callout_timer = js.setTimeout(create_once_callable(self.hide_callout), CALLOUT_SECONDS * 1000)

    def hide_callout(self):
        """Hide the callout."""
        self.callout.hidden = True
        self.callout_timer = None
