"""The page's static wiring: pyscript.toml loads every module, and every URL is relative.

These run under CPython with no browser, so a forgotten module or an absolute URL fails fast.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text())


def test_files_table_unpacks_the_archive_of_every_module():
    """pyscript.toml's [files] unpacks py.zip at the root of Python's file system, and the
    archive holds every .py of py/rules and py/web under its package path, byte for byte, but
    ``py/web/main.py``, the entry script index.html runs (issue 14: one request, no list to
    keep in step)."""
    import io
    import sys
    import zipfile

    sys.path.insert(0, str(ROOT / "tools"))
    import pyarchive

    assert CONFIG["files"] == {"./py.zip": "./*"}
    packed = zipfile.ZipFile(io.BytesIO(pyarchive.archive(ROOT)))
    on_disk = {
        f"{path.parent.name}/{path.name}": path.read_bytes()
        for package in ("rules", "web")
        for path in sorted((ROOT / "py" / package).glob("*.py"))
        if path != ROOT / "py/web/main.py"
    }
    assert {name: packed.read(name) for name in packed.namelist()} == on_disk
    assert pyarchive.archive(ROOT) == pyarchive.archive(ROOT), "the same sources, the same bytes"


def test_interpreter_is_the_vendored_pyodide_started_early():
    """The interpreter is the early-start module, which imports the vendored pyodide.mjs."""
    assert CONFIG["interpreter"] == "./static/pyodide-early.mjs"
    early = (ROOT / "static/pyodide-early.mjs").read_text()
    assert 'from "./runtime.mjs"' in early
    assert 'from "./vendor/pyodide/pyodide.mjs"' in (ROOT / "static/runtime.mjs").read_text()
    assert '<script type="module" async src="./static/pyodide-early.mjs">' in (ROOT / "index.html").read_text()


def test_index_preloads_no_python():
    """index.html preloads no Python source: a preload the page fetches late is reported as
    "preloaded but not used"; the archive is one request once Pyodide is up."""
    html = (ROOT / "index.html").read_text()
    assert re.findall(r'<link rel="preload"[^>]*\.py"', html) == []


def test_config_loads_no_packages():
    """No package is loaded in the page: numpy and friends serve the CPython side only."""
    assert "packages" not in CONFIG


def test_page_urls_are_relative():
    """Every src and href in index.html is relative (./...), so the page works under a sub-path."""
    html = (ROOT / "index.html").read_text()
    urls = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert urls, "index.html names no URL at all"
    assert [url for url in urls if not url.startswith("./")] == []


def test_content_security_policy_allows_only_the_pages_own_origin():
    """The CSP meta tag names no other origin; scripts come from 'self' only.

    'wasm-unsafe-eval' lets Pyodide compile WebAssembly; 'unsafe-eval' is there because
    PyScript 0.7 builds its hooks with Function() (the page fails to start without it).
    """
    html = (ROOT / "index.html").read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'unsafe-eval' 'wasm-unsafe-eval'"
    assert directives["connect-src"] == "'self'"
    assert "http" not in policy and "*" not in policy


def test_the_start_up_image_holds_the_modules_the_purity_test_calls_pure():
    """static/snapshot-worker.mjs picks the modules for the start-up image with the pattern
    tests/rules/test_purity.py uses for "imports a browser module", and the image holds some
    of py/web besides py/rules."""
    from test_purity import BROWSER_IMPORT

    worker = (ROOT / "static/snapshot-worker.mjs").read_text()
    pattern = re.search(r"^const BROWSER_IMPORT = /(.+)/m;$", worker, re.M).group(1)
    assert pattern == BROWSER_IMPORT.pattern
    pure_web = [path for path in (ROOT / "py/web").glob("*.py") if not BROWSER_IMPORT.search(path.read_text())]
    assert {"scene.py", "state.py", "view.py"} <= {path.name for path in pure_web}
