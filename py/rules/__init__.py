"""Flankwise's rules engine: the d20 combat-facing rules of the seed texts, as pure Python.

This package imports only the standard library, so it runs the same under CPython (tests,
benchmarks, scripts) and inside the page on Pyodide. Nothing here knows about pixels, canvases
or the browser; ``py/web`` asks these modules and draws what they answer.

``grid`` holds squares, hexes, distance and lines, and ``Layout``, the one place where cells
become pixel positions (plain numbers) and back; ``sizes`` the size table and footprints;
``creature`` the ``Creature`` value; ``zones`` front, flank and rear under each ruleset. Where
the seeds are silent, the choice made is written down in docs/rules.md.
"""
