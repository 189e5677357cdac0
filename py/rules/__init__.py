"""Flankwise's rules engine: the d20 combat-facing rules of the seed texts, as pure Python.

This package imports only the standard library, so it runs the same under CPython (tests,
benchmarks, scripts) and inside the page on Pyodide. Nothing here knows about pixels, canvases
or the browser; ``py/web`` asks these modules and draws what they answer.
"""
