"""The trimmed standard library (tools/stdlib.py) holds everything the page imports.

The page loads ``static/vendor/pyodide/python_stdlib_trimmed.zip`` instead of Pyodide's whole
``python_stdlib.zip`` (static/runtime.mjs). In the page itself, Python imports every module of
py/rules and py/web from it, and every standard module that py/ names anywhere (inside a
function or an ``except`` too). Then the page starts once over Pyodide's whole library, the
trimmed one's request answered with it, and every module it takes from there must be in the
trimmed one: what Pyodide, PyScript and the page import at start and on the way to the first
frame, by any route.
"""

import json
import sys
import zipfile

from conftest import ROOT, open_page, wait_ready

sys.path.insert(0, str(ROOT / "tools"))
import stdlib  # noqa: E402  (tools/ is put on the path just above)

ENTRY = "web.main"
"""The entry script: PyScript has run it as ``__main__``; a second import would start a second app."""

IMPORT_ALL = """
import importlib, json, sys, zipfile
failed = {}
for name in json.loads(NAMES):
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
library = [path for path in sys.path if path.endswith(".zip")]
members = zipfile.ZipFile(library[0]).namelist()
from_library = sorted(name for name, module in list(sys.modules.items())
                      if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(library[0] + "/"))
json.dumps({"failed": failed, "library": library, "members": members, "from_library": from_library})
"""


def page_modules():
    """Every module of py/rules and py/web but the entry script, as the page names them."""
    names = [f"{path.parent.name}.{path.stem}" for path in sorted((ROOT / "py").glob("*/*.py"))]
    return [name.removesuffix(".__init__") for name in names if name != ENTRY]


def standard_modules_named_in_py():
    """The standard library's modules that any file of py/ imports, at any depth."""
    with zipfile.ZipFile(stdlib.SOURCE) as full:
        library = stdlib.library(full)
    named = set()
    for path in (ROOT / "py").rglob("*.py"):
        named |= stdlib.imports(path.read_text(encoding="utf-8"))
    return sorted(named & set(library))


def trimmed_modules():
    """The module names the trimmed zip holds."""
    with zipfile.ZipFile(stdlib.TARGET) as trimmed:
        return set(stdlib.library(trimmed))


def import_all(page):
    """Import the page's modules and the standard ones py/ names in the page's Python; return
    what it reports."""
    names = page_modules() + standard_modules_named_in_py()
    code = IMPORT_ALL.replace("NAMES", repr(json.dumps(names)))
    return json.loads(page.evaluate(
        "async code => (await (await import('./static/pyodide-early.mjs')).loadPyodide()).runPython(code)", code
    ))


def test_the_vendored_trimmed_library_is_the_one_py_needs_now():
    """static/vendor's trimmed zip is what tools/stdlib.py makes from py/ as it is now, byte for
    byte (./serve.sh makes it again on each run): a new import in py/ is in it."""
    data, kept = stdlib.trimmed()
    assert stdlib.TARGET.read_bytes() == data, "py/ imports what the vendored zip lacks: run ./serve.sh setup"
    assert len(data) < stdlib.SOURCE.stat().st_size / 2
    assert {"json", "dataclasses", "encodings.utf_8", "pyodide.ffi"} <= set(kept)
    assert not {"unittest", "pydoc", "multiprocessing", "_pyrepl"} & set(kept)


def test_every_module_of_py_imports_in_the_trimmed_library(browser, server_url):
    """In the page, over the trimmed library, every module of py/rules and py/web imports, and
    so does every standard module py/ names; the library Python reads is the trimmed one."""
    context, page, record = open_page(browser, server_url)
    report = import_all(page)
    context.close()
    assert report["failed"] == {}
    assert report["library"] == ["/lib/python314.zip"]
    with zipfile.ZipFile(stdlib.TARGET) as trimmed:
        assert sorted(report["members"]) == sorted(trimmed.namelist())
    assert len(page_modules()) > 40 and "rules.link" in page_modules() and "web.app" in page_modules()
    assert record.errors == []


def test_nothing_the_page_takes_from_the_whole_library_is_missing_from_the_trimmed_one(browser, server_url):
    """Started over Pyodide's whole library and made to import the same modules, the page takes
    from that library only modules the trimmed one holds."""
    served = []

    def serve_whole(route):
        served.append(route.request.url)
        route.fulfill(path=str(ROOT / "static/vendor/pyodide/python_stdlib.zip"))

    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.route("**/python_stdlib_trimmed.zip", serve_whole)
    page = context.new_page()
    page.goto(server_url)
    wait_ready(page)
    report = import_all(page)
    context.close()
    assert len(served) == 1
    assert len(report["members"]) > 500  # the whole library, not the trimmed one
    assert report["failed"] == {}
    assert {"dataclasses", "encodings.cp437", "pyodide.ffi"} <= set(report["from_library"])
    assert set(report["from_library"]) - trimmed_modules() == set()
