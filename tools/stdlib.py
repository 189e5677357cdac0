"""The page's standard library: Pyodide's ``python_stdlib.zip`` trimmed to what Flankwise imports.

Pyodide fetches its whole standard library (2.5 MB, 600 files) on every first visit; the page
uses a fifth of it. ``./serve.sh setup`` runs this script to write
``static/vendor/pyodide/python_stdlib_trimmed.zip`` from the pinned ``python_stdlib.zip``
(node_modules, package-lock.json), and static/runtime.mjs hands it to ``loadPyodide`` as
``stdLibURL``. What it keeps is the closure, under import, of:

- every module of ``py/`` (py/rules and py/web), read afresh on each run, so a new import in
  them is kept the next time ``./serve.sh`` starts;
- PyScript's own Python package and the Python its JavaScript runs at start (``JS_SOURCES``);
- Pyodide's ``pyodide`` and ``_pyodide`` packages whole: its JavaScript imports their modules by
  name (the package loader, the import hook, ``eval_code``);
- what CPython itself imports at start and the codecs the page can meet (``START``, each with
  its reason): those are imported by name at run time, where no ``import`` statement shows them;

less what only code the page never runs imports (``EXCLUDED``, each with its reason: the
interactive console, processes, sockets, tar archives, Windows), and the modules only they reach.

Imports are found by reading the text, not by compiling it: the library is Python 3.14's and
the host's Python may be older. Every ``import`` and ``from ... import`` counts, at any depth
of a function or a ``try``, and every ``importlib.import_module("...")`` or ``__import__("...")``
with a literal name; a module that is not in the zip (built into Pyodide's WebAssembly, or an
unvendored package) is passed over. Reading more than runs keeps too much, never too little.
The zip is the same bytes for the same inputs: entries in the source zip's order with its
times. tests/browser/test_stdlib.py imports every module of py/ in the trimmed build and checks
that nothing the page takes from the full library is missing from it.
Standard library only, so it runs before any dependency is installed.
"""

import io
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "node_modules/pyodide/python_stdlib.zip"
TARGET = ROOT / "static/vendor/pyodide/python_stdlib_trimmed.zip"

PYSCRIPT_PACKAGE = "node_modules/@pyscript/core/src/stdlib/pyscript"
"""PyScript's Python package, as its dist/ embeds it."""

JS_SOURCES = (
    "node_modules/@pyscript/core/src/stdlib.js",
    "node_modules/polyscript/esm/interpreter/pyodide.js",
    "node_modules/polyscript/esm/interpreter/_python.js",
    "node_modules/polyscript/esm/interpreter/_utils.js",
)
"""JavaScript that runs Python at start: its quoted ``import`` lines are read as imports."""

WHOLE_PACKAGES = ("pyodide", "_pyodide")

START = {
    "encodings": "CPython imports it at start to find its codecs",
    "encodings.aliases": "the codec search function reads it",
    "encodings.utf_8": "the file system's, the streams' and the page's text codec",
    "encodings.utf_8_sig": "json reads bytes that start with a byte-order mark with it",
    "encodings.utf_16": "json reads UTF-16 bytes with it",
    "encodings.utf_16_be": "json reads UTF-16 bytes with it",
    "encodings.utf_16_le": "json reads UTF-16 bytes with it",
    "encodings.utf_32": "json reads UTF-32 bytes with it",
    "encodings.utf_32_be": "json reads UTF-32 bytes with it",
    "encodings.utf_32_le": "json reads UTF-32 bytes with it",
    "encodings.ascii": "the codec of ASCII text and of a lookup of 'ascii'",
    "encodings.latin_1": "the codec of a lookup of 'latin-1'",
    "encodings.cp437": "zipfile reads member names without the UTF-8 flag with it: py.zip's",
    "encodings.unicode_escape": "repr-style escapes (codecs' 'unicode_escape')",
    "encodings.raw_unicode_escape": "repr-style escapes (codecs' 'raw_unicode_escape')",
    "site": "CPython imports it at start",
    "pkgutil": "Pyodide imports it at start, by a name in its WebAssembly",
    "sitecustomize": "site imports it when present",
    "usercustomize": "site imports it when present",
}
"""Modules imported by name at run time, which no ``import`` statement names: name -> why."""

EXCLUDED = {
    "_pyrepl": "the interactive console (site sets it up for a prompt; the page has none)",
    "pydoc": "help() at an interactive prompt (site's _sitebuiltins)",
    "pyodide.console": "Pyodide's own console page; nothing imports it at start",
    "urllib": "URLs (pathlib's as_uri and from_uri): the page reads its link with the browser",
    "importlib.metadata": "installed distributions' metadata (and email, which reads it): the page installs none",
    "tarfile": "tar archives (shutil, Pyodide's package loader): the page loads no package and unpacks one zip",
    "multiprocessing": "processes, which a browser tab has none of",
    "concurrent.futures.process": "a process pool (concurrent.futures imports it only when asked for one)",
    "concurrent.futures.interpreter": "an interpreter pool (asked for by name, like the process pool)",
    "concurrent.interpreters": "subinterpreters, which Pyodide does not run",
    "asyncio.windows_events": "Windows only",
    "asyncio.windows_utils": "Windows only",
    "encodings._win_cp_codecs": "Windows only",
    "argparse": "the command lines of modules run as scripts (random's, zipfile's)",
    "getopt": "base64's command line",
    "statistics": "random's self-test",
    "_pydatetime": "the pure-Python stand-in for _datetime, which Pyodide builds in",
    "pickle": "logging's socket handler and a logger's pickling: the page pickles nothing",
}
"""Modules reached only through code the page never runs, and so left out with what only they
reach: name (with its submodules) -> why."""

_IMPORT = re.compile(r"(?:^|[;:])[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)", re.M)
_FROM = re.compile(r"(?:^|[;:])[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n;#]*)", re.M)
_DYNAMIC = re.compile(r"""(?:import_module|__import__)\(\s*['"]([\w.]+)['"]""")
_MAIN = re.compile(r"^if __name__ == ['\"]__main__['\"]:.*?(?=^[^\s#]|\Z)", re.M | re.S)
_QUOTED = re.compile(r"""["'`]\s*((?:import|from)[ \t][^"'`\\]*)""")


def library(zip_file):
    """``{module name: (member name, is a package)}`` for every module in ``zip_file``."""
    found = {}
    for name in zip_file.namelist():
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            found[".".join(parts[:-1])] = (name, True)
        else:
            found.setdefault(".".join(parts), (name, False))
    return found


def imports(text, module="", is_package=False):
    """The absolute module names ``text`` imports (and each ``from`` name that may be a module),
    for code of ``module`` (for relative imports)."""
    names = set()
    text = _MAIN.sub("", text)
    for match in _IMPORT.finditer(text):
        names.update(part.split()[0] for part in match.group(1).split(","))
    for match in _FROM.finditer(text):
        source, listed = match.groups()
        dots = len(source) - len(source.lstrip("."))
        if dots:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - dots + 1] if dots > 1 else package
            source = ".".join(package + ([source[dots:]] if source[dots:] else []))
        if not source:
            continue
        names.add(source)
        for name in listed.strip("()").replace("\\", " ").split(","):
            name = name.split()[0] if name.split() else ""
            if name.isidentifier():
                names.add(f"{source}.{name}")
    names.update(_DYNAMIC.findall(text))
    return names


def roots(root=ROOT):
    """``{module name: why}``: what the closure starts from."""
    wanted = dict(START)
    for path in sorted((root / "py").rglob("*.py")):
        for name in imports(path.read_text(encoding="utf-8")):
            wanted.setdefault(name, f"imported by {path.relative_to(root).as_posix()}")
    for path in sorted((root / PYSCRIPT_PACKAGE).glob("*.py")):
        for name in imports(path.read_text(encoding="utf-8"), f"pyscript.{path.stem}"):
            wanted.setdefault(name, "imported by PyScript's Python package")
    for relative in JS_SOURCES:
        text = (root / relative).read_text(encoding="utf-8")
        for line in _QUOTED.findall(text):
            for name in imports(line):
                wanted.setdefault(name, f"run by {relative}")
    return wanted


def excluded(name, left_out=EXCLUDED):
    """Whether ``name`` is in ``left_out`` or inside a package that is."""
    parts = name.split(".")
    return any(".".join(parts[:end]) in left_out for end in range(1, len(parts) + 1))


def closure(modules, wanted, read):
    """The names in ``modules`` that ``wanted`` reaches under import, ``read(member)`` giving
    a member's text: parents included, ``WHOLE_PACKAGES`` whole, ``EXCLUDED`` left out unless
    py/ imports it."""
    queue = [name for name in wanted if name in modules]
    queue += [name for name in modules if name.split(".")[0] in WHOLE_PACKAGES]
    # What py/ itself imports is kept even where EXCLUDED would leave it out.
    page = [name for name, why in wanted.items() if why.startswith("imported by py/")]
    left_out = {out for out in EXCLUDED if not any(name == out or name.startswith(out + ".") for name in page)}
    kept = set()
    while queue:
        name = queue.pop()
        if name in kept or name not in modules or excluded(name, left_out):
            continue
        kept.add(name)
        parts = name.split(".")
        queue += [".".join(parts[:end]) for end in range(1, len(parts))]
        member, is_package = modules[name]
        queue += imports(read(member), name, is_package)
    return kept


def trimmed(source=SOURCE, root=ROOT):
    """The trimmed zip's bytes and the names of the modules it holds."""
    with zipfile.ZipFile(source) as full:
        modules = library(full)
        kept = closure(modules, roots(root), lambda member: full.read(member).decode("utf-8", "replace"))
        members = {modules[name][0] for name in kept}
        folders = {member.rsplit("/", 1)[0] + "/" for member in members if "/" in member}
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as small:
            for info in full.infolist():
                if info.filename in members or info.filename in folders:
                    small.writestr(info, full.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue(), sorted(kept)


def write(target=TARGET, source=SOURCE, root=ROOT):
    """Write the trimmed zip to ``target`` unless it already holds those bytes; return its
    module names and whether it was written."""
    data, kept = trimmed(source, root)
    if target.exists() and target.read_bytes() == data:
        return kept, False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return kept, True


if __name__ == "__main__":
    kept, written = write()
    if "--list" in sys.argv[1:]:
        print("\n".join(kept))
    if written or "--quiet" not in sys.argv[1:]:
        print(f"{TARGET.relative_to(ROOT)}: {len(kept)} modules, {TARGET.stat().st_size / 1e6:.2f} MB "
              f"(Pyodide's python_stdlib.zip: {SOURCE.stat().st_size / 1e6:.2f} MB)", file=sys.stderr)
