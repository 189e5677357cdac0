"""The rules engine is pure: standard library only, never the browser (house style).

Each check runs in a fresh interpreter, so modules that other tests already imported cannot
hide a stray import.
"""

import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[2] / "py"

BLOCK_BROWSER = """
import sys
for name in ("js", "pyscript", "pyodide"):
    sys.modules[name] = None
"""

IMPORT_ALL = (
    BLOCK_BROWSER
    + """
import importlib, pkgutil
before = set(sys.modules)
import rules
names = ["rules"] + ["rules." + info.name for info in pkgutil.walk_packages(rules.__path__)]
for name in names:
    importlib.import_module(name)
loaded = {module.partition(".")[0] for module in set(sys.modules) - before}
print(len(names))
print(" ".join(sorted(loaded - {"rules"} - set(sys.stdlib_module_names))))
"""
)


def run(script: str) -> subprocess.CompletedProcess:
    """Run ``script`` in a fresh interpreter with ``py/`` as its working directory."""
    return subprocess.run(
        [sys.executable, "-c", script], cwd=PY, capture_output=True, text=True, timeout=60
    )


def test_rules_imports_without_the_browser_and_only_the_standard_library():
    """``rules`` and every module under it import with ``js``, ``pyscript`` and ``pyodide``
    blocked, and load nothing outside the standard library."""
    result = run(IMPORT_ALL)
    assert result.returncode == 0, result.stderr
    count, outsiders = result.stdout.split("\n")[:2]
    assert int(count) >= 7
    assert outsiders == ""


@pytest.mark.parametrize("name", ["js", "pyscript", "pyodide"])
def test_blocked_browser_modules_really_fail_to_import(name):
    """The block works: importing a browser module under it fails loudly."""
    result = run(BLOCK_BROWSER + f"import {name}\n")
    assert result.returncode != 0
    assert "ImportError" in result.stderr or "ModuleNotFoundError" in result.stderr


BROWSER_IMPORT = re.compile(
    r"^\s*(import js|from js|from pyodide|import pyodide|from pyscript|import pyscript|from web\.dom import)\b", re.M
)
"""A line importing a browser module (or ``web.dom``, the panels' browser helpers).
static/snapshot-worker.mjs imports the modules without one into the start-up image
(tests/rules/test_page_config.py checks it uses this same pattern)."""

MODULES = sorted(f"rules.{path.stem}" for path in (PY / "rules").glob("*.py") if path.stem != "__init__") + sorted(
    f"web.{path.stem}"
    for path in (PY / "web").glob("*.py")
    if path.stem != "__init__" and not BROWSER_IMPORT.search(path.read_text())
)
"""Every module of the rules engine, and every pure module of py/web (those importing no
browser module, so they import under CPython): the house-style check below reads them all."""


def _public(module):
    """Every public function, class, method and property defined in ``module``."""
    for name, value in vars(module).items():
        if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value):
            yield name, value
            for attribute, member in vars(value).items():
                if attribute.startswith("_"):
                    continue
                target = getattr(member, "fget", None) or getattr(member, "func", None) or member
                if inspect.isfunction(target):
                    yield f"{name}.{attribute}", target


@pytest.mark.parametrize("name", MODULES)
def test_every_public_definition_says_what_it_is_for(name):
    """House style: "Every module opens with a paragraph saying what it is for. Every public
    definition has a docstring." """
    module = importlib.import_module(name)
    assert module.__doc__ and module.__doc__.strip()
    missing = [label for label, value in _public(module) if not (value.__doc__ or "").strip()]
    assert missing == []
