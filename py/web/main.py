"""The page's entry point: start the app, or show on the page why it could not start.

Imports happen inside the ``try`` so that even a missing module reaches the player as a message
on the loading screen, not only as a traceback in the console.
"""

import js

# When Python reached this script: bench/startup.py reports ready minus this as the app's own start.
js.document.documentElement.dataset.mainMs = str(js.performance.now())

try:
    from web.app import start

    start()
except Exception as error:  # noqa: BLE001  (any start-up failure must reach the page)
    import traceback

    js.document.documentElement.dataset.failed = "1"
    js.document.getElementById("loading-text").textContent = "Flankwise could not start."
    box = js.document.getElementById("loading-error")
    box.hidden = False
    box.textContent = "".join(traceback.format_exception(error))
