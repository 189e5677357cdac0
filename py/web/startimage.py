"""Compiled code kept in the page's start-up image, for the modules the image cannot import.

A built page keeps a start-up image: Python with the page's pure modules already imported
(static/snapshot-worker.mjs, restored by static/pyodide-early.mjs). Modules that import the
browser cannot be imported there, since importing them runs page code, but their compiled code
can be kept: ``keep`` compiles them in the worker and ``install`` puts a finder first in
``sys.meta_path`` that hands the import system the kept code whenever a module's file on disk
is byte for byte the source it was compiled from. Any other source compiles as usual, so an
image can never run stale code. Compiling is what it saves: ``web/app.py`` alone takes some
50 ms to compile in the browser.
"""

import sys
from importlib.machinery import PathFinder, SourceFileLoader

_kept = {}
"""Absolute path: (source bytes, code object)."""

_names = set()
"""The names of the modules whose code is kept."""


class _KeptCodeLoader(SourceFileLoader):
    """A source loader that uses the kept code when the file holds the source it came from."""

    def source_to_code(self, data, path, *, _optimize=-1):
        """The kept code for ``path`` if ``data`` is its source, else freshly compiled code."""
        kept = _kept.get(path)
        if kept is not None and kept[0] == bytes(data):
            return kept[1]
        return super().source_to_code(data, path)


class KeptCodeFinder:
    """Finds modules as the path finder does, loading those with kept code through it."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        """The path finder's spec for ``name``, with the kept-code loader, if its code is kept."""
        if name not in _names:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.origin in _kept and isinstance(spec.loader, SourceFileLoader):
            spec.loader = _KeptCodeLoader(name, spec.origin)
        return spec


def keep(modules):
    """Compile the files of ``modules`` (name: absolute path) and keep their code; install the
    finder."""
    for name, path in modules.items():
        with open(path, "rb") as file:
            source = file.read()
        _kept[path] = (source, compile(source, path, "exec", dont_inherit=True))
        _names.add(name)
    install()


def install():
    """Put the kept-code finder first in ``sys.meta_path`` (once)."""
    if KeptCodeFinder not in sys.meta_path:
        sys.meta_path.insert(0, KeptCodeFinder)


def kept_paths():
    """The paths whose code is kept, sorted."""
    return sorted(_kept)
