"""The page's Python as one archive: every module of py/rules and py/web in ``py.zip``.

PyScript fetches ``./py.zip`` and unpacks it into Python's file system (pyscript.toml's
``[files]``: ``"./py.zip" = "./*"``), one request instead of one per module, and no list of
modules to keep in step: whatever is in py/rules and py/web is in the archive. The development
server makes it on each request, so an edited module is the one the page runs; the site build
writes it once. ``py/web/main.py``, the entry script index.html runs, is left out. Standard
library only, so it runs before any dependency is installed.
"""

import io
import zipfile
from pathlib import Path

ARCHIVE = "py.zip"
"""The archive's name, at the site's root."""

PACKAGES = ("rules", "web")
ENTRY = "web/main.py"


def modules(root):
    """``(name in the archive, path)`` for every module the archive holds, sorted."""
    found = []
    for package in PACKAGES:
        for path in sorted((Path(root) / "py" / package).glob("*.py")):
            name = f"{package}/{path.name}"
            if name != ENTRY:
                found.append((name, path))
    return found


_made = {}
"""The last archive made per folder, with the sources' names, sizes and times it was made from."""


def archive(root) -> bytes:
    """The archive's bytes: the same for the same sources (fixed times), compressed; made again
    only when a source changed."""
    found = modules(root)
    stamp = tuple((name, path.stat().st_mtime_ns, path.stat().st_size) for name, path in found)
    made = _made.get(str(root))
    if made is not None and made[0] == stamp:
        return made[1]
    data = _packed(found)
    _made[str(root)] = (stamp, data)
    return data


def _packed(found) -> bytes:
    """A zip of ``found`` (``modules``), its times fixed so equal sources give equal bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for name, path in found:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            packed.writestr(info, path.read_bytes())
    return buffer.getvalue()
