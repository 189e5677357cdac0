"""Draw the app's icons for the web app manifest from static/icon.svg, in Debian's Chromium.

Writes static/icon-192.png and static/icon-512.png (the icon as it is, rounded corners on a
transparent ground) and static/icon-maskable-512.png (the same design at 60% on a full square of
its background colour, so it stays whole inside any mask a launcher cuts: the safe zone is the
middle 80%). Run ``.venv/bin/python tools/icons.py`` after changing the SVG; the PNGs are
committed.
"""

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

BACKGROUND = "#1d2433"


def page_for(svg: str, size: int, maskable: bool) -> str:
    """A page showing the icon at ``size`` pixels (on its background colour, if maskable)."""
    data = base64.b64encode(svg.encode()).decode()
    inner = round(size * 0.6) if maskable else size
    ground = BACKGROUND if maskable else "transparent"
    return (f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{ground};display:grid;"
            f"place-items:center'><img src='data:image/svg+xml;base64,{data}' width='{inner}' height='{inner}'></body></html>")


def main():
    """Draw the three icons."""
    svg = (ROOT / "static/icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                     ("icon-maskable-512.png", 512, True)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, maskable))
            page.screenshot(path=str(ROOT / "static" / name), omit_background=not maskable)
            page.close()
        browser.close()
    print("wrote static/icon-192.png, static/icon-512.png and static/icon-maskable-512.png")


if __name__ == "__main__":
    main()
