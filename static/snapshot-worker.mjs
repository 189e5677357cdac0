// Saves a start-up image for the next visit: Python with the page's pure modules imported, as
// a Pyodide memory snapshot. static/pyodide-early.mjs starts this worker once a built page is
// ready and no image of its build is saved yet; the next visit restores the image instead of
// starting Python from scratch (bench/visits.py measures both).
//
// The image imports only modules that import nothing of the browser: all of py/rules
// (tests/rules/test_purity.py), the modules of py/web that import no browser module (the same
// test's rule), and the standard library's html, which PyScript's own start imports and which
// costs a tenth of a second to import. So the image holds no reference to a page object. For
// the other modules the page imported (the rest of py/web, PyScript's own package), the image
// keeps their compiled code (py/web/startimage.py). The files go where the page has them
// (py.zip, unpacked as pyscript.toml's [files] says; the page sends the rest), so what the
// image holds is what the page would import.
import { snapshotCache, snapshotKey, startPyodide } from "./runtime.mjs";

const BROWSER_IMPORT = /^\s*(import js|from js|from pyodide|import pyodide|from pyscript|import pyscript|from web\.dom import)\b/m;
const STANDARD_LIBRARY = ["html"];

// The page's modules as the page gets them: py.zip (pyscript.toml's [files]; tools/pyarchive.py),
// unpacked into this Python's file system.
async function pageFiles(pyodide, home) {
  const response = await fetch(new URL("../py.zip", import.meta.url));
  if (!response.ok) throw new Error(`py.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: home });
  const files = [];
  for (const folder of ["rules", "web"]) {
    for (const name of pyodide.FS.readdir(`${home}/${folder}`)) {
      if (!name.endsWith(".py")) continue;
      const path = `${folder}/${name}`;
      files.push({ path, source: pyodide.FS.readFile(`${home}/${path}`, { encoding: "utf8" }) });
    }
  }
  if (!files.some(({ path }) => path.startsWith("rules/"))) throw new Error("py.zip holds no file of py/rules");
  return files;
}

const moduleName = (path) => path.slice(0, -3).replaceAll("/", ".").replace(/\.__init__$/, "");

async function saveImage(build, pageModules) {
  const pyodide = await startPyodide({ _makeSnapshot: true });
  const home = pyodide.FS.cwd();
  const files = await pageFiles(pyodide, home);
  const write = (path, source) => {
    pyodide.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile(path, source);
  };
  const candidates = {};
  for (const { path } of files) candidates[moduleName(path)] = `${home}/${path}`;
  for (const { name, path, source } of pageModules) {
    if (name in candidates) continue;
    write(path, source);
    candidates[name] = path;
  }
  const pure = [
    ...STANDARD_LIBRARY,
    ...files.filter(({ source }) => !BROWSER_IMPORT.test(source)).map(({ path }) => moduleName(path)),
  ];
  pyodide.runPython(`
import importlib, json, sys
for name in json.loads(${JSON.stringify(JSON.stringify(pure))}):
    importlib.import_module(name)
from web import startimage
candidates = json.loads(${JSON.stringify(JSON.stringify(candidates))})
startimage.keep({name: path for name, path in candidates.items() if name not in sys.modules})
`);
  const image = pyodide.makeMemorySnapshot();
  const cache = await caches.open(snapshotCache(build));
  await cache.put(snapshotKey, new Response(image, { headers: { "Content-Type": "application/octet-stream" } }));
  return image.length;
}

self.onmessage = ({ data }) => {
  saveImage(data.build, data.modules).then(
    (bytes) => postMessage({ bytes }),
    (error) => postMessage({ error: String(error && error.stack || error) }),
  );
};
