"""Build the published site: ``_site/`` holds exactly what GitHub Pages serves.

That is index.html, pyscript.toml, static/ (with the vendored runtime that ``./serve.sh setup``
copied from package-lock.json, with the standard library trimmed by ``stdlib`` in place of
Pyodide's whole one), py.zip (py/rules and py/web, ``pyarchive``) with the entry
script py/web/main.py, and sw.js, the service worker that keeps
the page working offline. sw.js must sit at the site's root to control the whole page; it is
written from static/sw.js with this build's version (a hash of every published file) and the
list of files to cache, so a new deploy replaces the old cache cleanly. index.html gains a
``flankwise-build`` meta tag, which is what tells the page to register the worker.
"""

import gzip
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pyarchive
import stdlib

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"
WORKER_SOURCE = "static/sw.js"
FULL_STANDARD_LIBRARY = "static/vendor/pyodide/python_stdlib.zip"
WASM = "static/vendor/pyodide/pyodide.asm.wasm"
"""Pyodide's WebAssembly: published gzipped (``WASM + ".gz"``), and static/runtime.mjs (its
``GZIPPED_WASM`` set true in the published copy, and ``WASM_CACHE`` to this build's cache,
where it keeps the unpacked bytes for later visits) unpacks it in the browser."""
RUNTIME = "static/runtime.mjs"


def published(root):
    """The published files under ``root``, as sorted relative POSIX paths (no worker source; the
    Python modules travel in ``py.zip``, written by ``build``, all but the entry script; Pyodide's
    whole standard library stays behind, as the page loads the trimmed one)."""
    names = ["index.html", "pyscript.toml", "py/web/main.py"]
    left_out = {WORKER_SOURCE, FULL_STANDARD_LIBRARY, WASM}
    for path in sorted((root / "static").rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_file() and "__pycache__" not in relative and path.name != ".complete" and relative not in left_out:
            names.append(relative)
    return sorted(names)


def build(site=SITE):
    """Write the site into ``site`` and return its version."""
    if not (ROOT / "static/vendor/.complete").exists():
        sys.exit("static/vendor/ is missing: run ./serve.sh setup (or ./serve.sh build) first")
    stdlib.write()  # the trimmed standard library, made from py/ as it is now
    if site.exists():
        shutil.rmtree(site)
    names = published(ROOT)
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, site / name)
    packed = pyarchive.archive(ROOT)
    digest.update(pyarchive.ARCHIVE.encode() + b"\0" + packed)
    (site / pyarchive.ARCHIVE).write_bytes(packed)
    wasm = gzip.compress((ROOT / WASM).read_bytes(), compresslevel=9, mtime=0)
    digest.update(WASM.encode() + b".gz\0" + wasm)
    (site / (WASM + ".gz")).write_bytes(wasm)
    names = sorted(names + [pyarchive.ARCHIVE, WASM + ".gz"])
    version = digest.hexdigest()[:16]
    runtime = (site / RUNTIME).read_text().replace("const GZIPPED_WASM = false;", "const GZIPPED_WASM = true;", 1)
    (site / RUNTIME).write_text(runtime.replace('const WASM_CACHE = "";', f'const WASM_CACHE = "flankwise-{version}";', 1))
    html = (site / "index.html").read_text()
    marker = '  <meta charset="utf-8">\n'
    (site / "index.html").write_text(html.replace(marker, f'{marker}  <meta name="flankwise-build" content="{version}">\n', 1))
    worker = (ROOT / WORKER_SOURCE).read_text()
    cached = ["./"] + [f"./{name}" for name in names if name != "index.html"]
    worker = worker.replace('const VERSION = "dev";', f'const VERSION = "{version}";')
    worker = worker.replace("const FILES = [];", f"const FILES = {json.dumps(cached, indent=2)};")
    (site / "sw.js").write_text(worker)
    return version


if __name__ == "__main__":
    print(f"Built _site/ (version {build()})")
