"""Kept compiled code (web.startimage): used only while the file holds the source it came from."""

import importlib
import sys

import pytest

from web import startimage


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A throwaway package ``keptpkg`` on ``sys.path``, with the finder's state restored after."""
    (tmp_path / "keptpkg").mkdir()
    (tmp_path / "keptpkg" / "__init__.py").write_text("")
    module = tmp_path / "keptpkg" / "mod.py"
    module.write_text("WHERE = 'source'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(startimage, "_kept", {})
    monkeypatch.setattr(startimage, "_names", set())
    yield module
    for name in ("keptpkg.mod", "keptpkg"):
        sys.modules.pop(name, None)
    if startimage.KeptCodeFinder in sys.meta_path:
        sys.meta_path.remove(startimage.KeptCodeFinder)
    importlib.invalidate_caches()


def swap_kept_code(path, text):
    """Replace the code kept for ``path`` with code compiled from ``text`` (same source key),
    so a test can tell kept code from freshly compiled code."""
    source, _ = startimage._kept[str(path)]
    startimage._kept[str(path)] = (source, compile(text, str(path), "exec"))


def test_a_module_whose_file_is_unchanged_runs_the_kept_code(package):
    startimage.keep({"keptpkg.mod": str(package)})
    swap_kept_code(package, "WHERE = 'kept'\n")
    assert importlib.import_module("keptpkg.mod").WHERE == "kept"
    assert startimage.kept_paths() == [str(package)]


def test_a_module_whose_file_changed_is_compiled_afresh(package):
    startimage.keep({"keptpkg.mod": str(package)})
    swap_kept_code(package, "WHERE = 'kept'\n")
    package.write_text("WHERE = 'edited'\n")
    importlib.invalidate_caches()
    assert importlib.import_module("keptpkg.mod").WHERE == "edited"


def test_modules_without_kept_code_import_as_usual(package):
    startimage.keep({"keptpkg.mod": str(package)})
    assert startimage.KeptCodeFinder.find_spec("json") is None
    assert importlib.import_module("keptpkg").__spec__.loader.__class__.__name__ == "SourceFileLoader"
    startimage.install()
    assert sys.meta_path.count(startimage.KeptCodeFinder) == 1
