"""Shared pytest set-up: ``py/`` is on the path (pyproject's ``pythonpath``), nothing else here."""
