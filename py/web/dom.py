"""Small helpers for the page's panels: find an element, fill a list, make an element, listen.

Text always goes in as ``textContent`` (or an option's text), never as markup, so a name read
from a link can never become page code. Every handler is ``guarded``: an error it lets slip is
reported to the player in a notice (``set_reporter``) instead of dying in the console, and a
bug (anything but a ``RulesError``) is also logged there for the developers.
"""

import asyncio
import inspect

import js
from pyodide.ffi import create_proxy, to_js

from rules.errors import RulesError

document = js.document
_reporter = []
"""The function that shows an error that slipped out of a handler (set once by the app)."""


def set_reporter(report):
    """Send errors that slip out of handlers to ``report(error)``."""
    _reporter[:] = [report]


def _report(error):
    """Show ``error`` to the player; log it too unless it is a rules refusal."""
    if not isinstance(error, RulesError):
        import traceback

        js.console.error("".join(traceback.format_exception(error)))
    if _reporter:
        _reporter[0](error)


def guarded(handler):
    """``handler``, reporting any error it raises (or its coroutine raises) instead of raising."""

    async def finish(coroutine):
        try:
            return await coroutine
        except Exception as error:  # noqa: BLE001  (every slip reaches the player, never the console alone)
            _report(error)

    def run(*args):
        try:
            result = handler(*args)
        except Exception as error:  # noqa: BLE001  (as above)
            _report(error)
            return None
        if inspect.iscoroutine(result):
            return asyncio.ensure_future(finish(result))
        return result

    return run


def element(id_):
    """The page element with this id."""
    return document.getElementById(id_)


def fill_select(select, options, value=None):
    """Replace a <select>'s options with ``(value, text)`` pairs, as text (never markup)."""
    select.replaceChildren()
    for option_value, text in options:
        option = document.createElement("option")
        option.value = option_value
        option.textContent = text
        select.appendChild(option)
    if value is not None:
        select.value = value


def make(tag, text=None, cls=None):
    """A new element, its text set as text."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    return node


def on(target, name, handler, passive=True, capture=False):
    """Listen for ``name`` on ``target`` for the page's lifetime, the handler ``guarded``
    (``capture``: before the target's other listeners and its children's)."""
    options = to_js({"passive": passive, "capture": capture}, dict_converter=js.Object.fromEntries)
    target.addEventListener(name, create_proxy(guarded(handler)), options)
