"""The page's static wiring: pyscript.toml loads every module, and every URL is relative.

These run under CPython with no browser, so a forgotten module or an absolute URL fails fast.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text())


def test_files_table_maps_every_module_of_rules_and_web():
    """pyscript.toml's [files] maps each .py of py/rules and py/web to the same package path."""
    on_disk = {
        f"./{path.relative_to(ROOT).as_posix()}": f"./{path.relative_to(ROOT / 'py').as_posix()}"
        for package in ("rules", "web")
        for path in sorted((ROOT / "py" / package).glob("*.py"))
    }
    assert CONFIG["files"] == on_disk


def test_interpreter_is_the_vendored_pyodide():
    """The interpreter is the vendored pyodide.mjs, by a relative URL: never a CDN."""
    assert CONFIG["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"


def test_config_loads_no_packages():
    """No package is loaded in the page: numpy and friends serve the CPython side only."""
    assert "packages" not in CONFIG


def test_page_urls_are_relative():
    """Every src and href in index.html is relative (./...), so the page works under a sub-path."""
    html = (ROOT / "index.html").read_text()
    urls = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert urls, "index.html names no URL at all"
    assert [url for url in urls if not url.startswith("./")] == []
