"""The published site (``./serve.sh build``): exactly the right files, under a sub-path, offline.

The site is built into a temporary folder and served under ``/flankwise/``, as GitHub Pages
serves a project site; after one visit the service worker answers every request, so the page
starts with the network off.
"""

import sys

import pytest

from conftest import ROOT, devserver, open_page, wait_ready

sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402  (tools/ is put on the path just above)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built site served under /flankwise/ on a loopback port: (folder, base URL)."""
    folder = tmp_path_factory.mktemp("site") / "_site"
    build.build(folder)
    server, url = devserver.serve_in_thread(folder, prefix="/flankwise/")
    yield folder, url
    server.shutdown()


def test_the_site_holds_only_what_is_published(site):
    """index.html, pyscript.toml, sw.js, static/ with the runtime, py.zip and the entry script:
    no more."""
    folder, _ = site
    top = sorted(path.name for path in folder.iterdir())
    assert top == ["index.html", "py", "py.zip", "pyscript.toml", "static", "sw.js"]
    assert [path.relative_to(folder).as_posix() for path in (folder / "py").rglob("*") if path.is_file()] == ["py/web/main.py"]
    assert (folder / "static/vendor/pyodide/pyodide.asm.wasm.gz").exists(), "Pyodide's WebAssembly, gzipped"
    assert not (folder / "static/vendor/pyodide/pyodide.asm.wasm").exists()
    assert "const GZIPPED_WASM = true;" in (folder / "static/runtime.mjs").read_text()
    assert not list(folder.rglob("test_*.py")) and not list(folder.rglob("__pycache__"))
    assert 'name="flankwise-build"' in (folder / "index.html").read_text()


def test_the_site_starts_and_draws_under_a_sub_path(browser, site):
    """Served under /flankwise/, the built page reaches ready with no error and no foreign request."""
    _, url = site
    context, page, record = open_page(browser, url)
    assert page.evaluate("flankwise.encounter.creatures.length") == 4
    assert [u for u in record.requests if not u.startswith(url)] == []
    assert [u for u in record.requests if "pyodide.asm.wasm" in u] == [url + "static/vendor/pyodide/pyodide.asm.wasm.gz"]
    assert record.errors == []
    context.close()


def test_after_one_visit_the_page_starts_offline_and_opens_a_link(browser, site):
    """Load once, let the service worker cache the site, go offline, reload: the page starts;
    then a shared link opened offline restores its encounter."""
    from dataclasses import replace

    from rules.link import encounter_hash, parse_encounter_hash
    from web.state import demo_encounter

    _, url = site
    context, page, _ = open_page(browser, url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("flankwise.encounter.creatures.length") == 4
    shared = demo_encounter().remove("Ogre")
    shared = shared.replace("Kroh", replace(shared.creature("Kroh"), facing=2))
    page.goto("about:blank")
    page.goto(url + encounter_hash(shared))
    wait_ready(page)
    assert parse_encounter_hash(page.evaluate("flankwise.link()")) == shared
    context.close()


def test_offline_a_map_file_imports_with_its_image_walls_and_door(browser, site):
    """Issue 17: with the network off, the built site imports a Universal VTT map: its image is
    drawn under the grid (kept in this browser), its walls and door are on the board."""
    from conftest import layer_rgba, next_frame, page_layout, show_tab
    from test_uvtt_page import COLOUR, MAP

    _, url = site
    context, page, record = open_page(browser, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    show_tab(page, "Encounter")
    page.set_input_files("#import-json", files=[{"name": "crypt.dd2vtt", "mimeType": "application/json", "buffer": MAP}])
    page.wait_for_function("flankwise.map_image.picture() !== undefined && flankwise.map_image.picture() !== null")
    next_frame(page)
    assert page.evaluate("flankwise.encounter.terrain.edges.length") > 10
    x, y = page_layout(page)._pixel((1.3, 1.3))
    assert layer_rgba(page, "grid-layer", x, y)[:3] == COLOUR
    assert [u for u in record.requests if not u.startswith(url) and not u.startswith("blob:")] == []
    assert record.errors == []
    context.close()


SAVED = "['saved', 'unsaved'].includes(document.documentElement.dataset.startImage)"
IMAGE_PATH = "static/python-start-image"
"""Where static/runtime.mjs keeps the image, under the site's root."""


def test_a_repeat_visit_starts_from_the_start_up_image(browser, site):
    """The first visit saves Python's start-up image; the next visit, offline, restores it and
    works: a shared link opens, and nothing is logged as an error."""
    from rules.link import encounter_hash, parse_encounter_hash
    from web.state import demo_encounter

    _, url = site
    context, page, _ = open_page(browser, url)
    assert page.evaluate("document.documentElement.dataset.startImage") != "restored"
    page.wait_for_function(SAVED, timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.startImage") == "saved"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.close()
    context.set_offline(True)

    again = context.new_page()
    errors, asked = [], []
    again.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    again.on("pageerror", lambda error: errors.append(str(error)))
    again.on("request", lambda request: asked.append(request.url))
    shared = demo_encounter().remove("Ogre")
    again.goto(url + encounter_hash(shared))
    wait_ready(again)
    assert again.evaluate("document.documentElement.dataset.startImage") == "restored"
    assert parse_encounter_hash(again.evaluate("flankwise.link()")) == shared
    assert not [u for u in asked if "pyodide.asm.wasm" in u], "the unpacked WebAssembly kept by the first visit"
    assert errors == []
    context.close()


def test_a_start_up_image_that_cannot_be_restored_is_dropped(browser, site):
    """A damaged image in the cache: the page warns, starts Python afresh and saves a new one."""
    _, url = site
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "static/icon.svg")  # same origin, so the page below shares its caches
    build = (site[0] / "index.html").read_text().split('name="flankwise-build" content="')[1][:16]
    page.evaluate(
        "async ([name, key]) => (await caches.open(name)).put(key, new Response(new Uint8Array(4096)))",
        [f"flankwise-{build}", url + IMAGE_PATH],
    )
    warnings = []
    page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    page.goto(url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.startImage") != "restored"
    assert any("start-up image could not be used" in text for text in warnings)
    assert page.evaluate("flankwise.encounter.creatures.length") == 4
    page.wait_for_function(SAVED, timeout=60_000)
    size = page.evaluate(
        "async ([name, key]) => (await (await (await caches.open(name)).match(key)).arrayBuffer()).byteLength",
        [f"flankwise-{build}", url + IMAGE_PATH],
    )
    assert size > 1_000_000
    context.close()


def test_a_deploy_reaches_a_returning_visitor_within_two_loads(browser, tmp_path):
    """Issue 20: served as GitHub Pages serves it (``Cache-Control: max-age=600``), a visitor
    keeps the old files in the browser's HTTP cache for ten minutes. A deploy made meanwhile
    (a changed index.html and py/web module, a new sw.js) must still reach them within two
    loads: the new worker fills its cache from the network, not from that HTTP cache."""
    folder = tmp_path / "_site"
    build.build(folder)
    server, url = devserver.serve_in_thread(folder, prefix="/flankwise/", cache="max-age=600")
    try:
        context, page, _ = open_page(browser, url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        page.wait_for_function(SAVED, timeout=60_000)
        page.reload()
        wait_ready(page)
        worker, index = folder / "sw.js", folder / "index.html"
        old = worker.read_text().split('const VERSION = "')[1][:16]
        deployed = index.read_text().replace(old, "deployed00000002")
        index.write_text(deployed.replace("<head>", '<head>\n  <meta name="deployed" content="2">', 1))
        module = folder / "py/web/main.py"
        module.write_text(module.read_text() + "\n# deployed: 2\n")
        worker.write_text(worker.read_text().replace(old, "deployed00000002"))
        marker = "document.querySelector('meta[name=deployed]') !== null"
        page.reload()
        wait_ready(page)
        if not page.evaluate(marker):
            only_new = (
                "caches.keys().then(names => names.includes('flankwise-deployed00000002')"
                " && !names.some(name => name.startsWith('flankwise-') && name !== 'flankwise-deployed00000002'))"
            )
            for _ in range(120):
                if page.evaluate(only_new):
                    break
                page.wait_for_timeout(500)
            page.reload()
            wait_ready(page)
        assert page.evaluate(marker), "the second load after the deploy shows the new index.html"
        source = page.evaluate("fetch('./py/web/main.py').then(response => response.text())")
        assert source.endswith("# deployed: 2\n")
        context.close()
    finally:
        server.shutdown()


def test_the_built_site_is_installable_under_a_sub_path(playwright, site, tmp_path):
    """Issue 19: the web app manifest reads without errors and Chromium finds nothing that
    stops installing the page (a start URL and scope inside /flankwise/, icons of 192 and 512
    pixels, one of them maskable, a service worker). Installing needs a browser profile of its
    own, not a private one."""
    from conftest import CHROMIUM, CHROMIUM_ARGS

    _, url = site
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    session = context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].startswith(url)
    data = manifest.get("data") or ""
    assert '"display": "standalone"' in data and '"purpose": "maskable"' in data
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    assert errors == []
    context.close()


def test_the_site_ships_only_the_pyscript_files_the_page_loads(browser, site):
    """A first visit requests every vendored PyScript file but one (the second toml chunk, which
    py-editor's entry imports) and finds every file it asks for: the editor's and terminal's
    libraries (codemirror, xterm) are not shipped, and nothing the page needs is missing."""
    folder, url = site
    shipped = sorted(path.name for path in (folder / "static/vendor/pyscript").iterdir())
    assert not [name for name in shipped if name.startswith(("codemirror", "xterm", "mpy-", "zip-", "index-"))]
    context, page, record = open_page(browser, url)
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    asked = {request.rsplit("/", 1)[-1] for request in record.requests if "/static/vendor/pyscript/" in request}
    unused = [name for name in shipped if name not in asked]
    assert len(unused) <= 1 and all(name.startswith("toml-") for name in unused), unused
    statuses = page.evaluate("performance.getEntriesByType('resource').filter(e => e.responseStatus >= 400).map(e => e.name)")
    assert failed == [] and statuses == [] and record.errors == []
    context.close()
