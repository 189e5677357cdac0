"""Keep the page's list of Python sources in step with ``py/``: run it after adding a module.

It rewrites pyscript.toml's ``[files]`` table (every module of py/rules and py/web but the
entry script) and index.html's block of ``<link rel="preload">`` tags (those files plus the
entry script, so the browser fetches them while Pyodide starts). tests/rules/test_page_config.py
fails when the two are out of step with ``py/``.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRY = "./py/web/main.py"
PRELOAD = re.compile(r'(?:  <link rel="preload" href="[^"]+\.py" as="fetch" crossorigin="anonymous">\n)+')


def sources(every=False):
    """The page's module sources, as ``./py/...`` URLs, sorted, without the entry script.

    In a git checkout only the modules git tracks count (``git add`` a new one first), so
    work in progress never reaches the committed list; elsewhere, or with ``every``, every
    module on disk does (``--all``, to try uncommitted modules in the page before committing).
    """
    try:
        if every:
            raise OSError("every module on disk was asked for")
        listed = subprocess.run(
            ["git", "ls-files", "py"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        paths = sorted(ROOT / name for name in listed if name.count("/") == 2 and name.endswith(".py"))
    except (OSError, subprocess.CalledProcessError):
        paths = sorted((ROOT / "py").glob("*/*.py"))
    urls = [f"./{path.relative_to(ROOT).as_posix()}" for path in paths if path.parent.name in ("rules", "web")]
    return [url for url in urls if url != ENTRY]


def main(argv=None):
    """Rewrite both files in place."""
    files = sources(every="--all" in (sys.argv[1:] if argv is None else argv))
    config = ROOT / "pyscript.toml"
    text = config.read_text()
    table = "[files]\n" + "".join(f'"{url}" = "./{url[len("./py/"):]}"\n' for url in files)
    config.write_text(text[: text.index("\n[files]\n") + 1] + table)
    page = ROOT / "index.html"
    links = "".join(
        f'  <link rel="preload" href="{url}" as="fetch" crossorigin="anonymous">\n' for url in [ENTRY, *files]
    )
    html = page.read_text()
    if not PRELOAD.search(html):
        raise SystemExit("index.html has no block of Python preload links to rewrite")
    page.write_text(PRELOAD.sub(lambda _: links, html, count=1))
    print(f"{len(files)} modules listed in pyscript.toml and preloaded by index.html")


if __name__ == "__main__":
    main()
