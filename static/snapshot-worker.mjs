// Saves a start-up image for the next visit: Python with the page's pure modules imported, as
// a Pyodide memory snapshot. static/pyodide-early.mjs starts this worker once a built page is
// ready and no image of its build is saved yet; the next visit restores the image instead of
// starting Python from scratch (bench/visits.py measures both).
//
// The image holds only modules that import nothing of the browser: all of py/rules
// (tests/rules/test_purity.py), the modules of py/web that import no browser module (the same
// test's rule), and the standard library's html, which PyScript's own start imports and which
// costs a tenth of a second to import. So the image holds no reference to a page object. The
// files go where PyScript puts them (pyscript.toml's [files]), so the modules in the image are
// the ones the page would import.
import { snapshotCache, snapshotKey, startPyodide } from "./runtime.mjs";

const FILE = /^"\.\/(py\/[\w./]+\.py)" = "\.\/([\w./]+\.py)"$/;
const BROWSER_IMPORT = /^\s*(import js|from js|from pyodide|import pyodide|from pyscript|import pyscript)\b/m;
const STANDARD_LIBRARY = ["html"];

async function pageFiles() {
  const config = await (await fetch(new URL("../pyscript.toml", import.meta.url))).text();
  const files = [];
  for (const line of config.split("\n")) {
    const match = FILE.exec(line.trim());
    if (!match) continue;
    const response = await fetch(new URL(`../${match[1]}`, import.meta.url));
    if (!response.ok) throw new Error(`${match[1]}: HTTP ${response.status}`);
    files.push({ path: match[2], source: await response.text() });
  }
  if (!files.some(({ path }) => path.startsWith("rules/"))) throw new Error("pyscript.toml names no file of py/rules");
  return files;
}

const moduleName = (path) => path.slice(0, -3).replaceAll("/", ".").replace(/\.__init__$/, "");

async function saveImage(build) {
  const [pyodide, files] = await Promise.all([startPyodide({ _makeSnapshot: true }), pageFiles()]);
  for (const { path, source } of files) {
    pyodide.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile(path, source);
  }
  const modules = [
    ...STANDARD_LIBRARY,
    ...files.filter(({ source }) => !BROWSER_IMPORT.test(source)).map(({ path }) => moduleName(path)),
  ];
  pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(modules)}: importlib.import_module(name)`);
  const image = pyodide.makeMemorySnapshot();
  const cache = await caches.open(snapshotCache(build));
  await cache.put(snapshotKey, new Response(image, { headers: { "Content-Type": "application/octet-stream" } }));
  return image.length;
}

self.onmessage = ({ data }) => {
  saveImage(data.build).then(
    (bytes) => postMessage({ bytes }),
    (error) => postMessage({ error: String(error && error.stack || error) }),
  );
};
