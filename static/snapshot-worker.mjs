// Saves a start-up image for the next visit: Python with the rules engine imported, as a
// Pyodide memory snapshot. static/pyodide-early.mjs starts this worker once a built page is
// ready and no image of its build is saved yet; the next visit restores the image instead of
// starting Python from scratch (bench/visits.py measures both).
//
// Only py/rules is imported: it is pure Python (tests/rules/test_purity.py), so the image holds
// no reference to a page object. The files go where PyScript puts them (pyscript.toml's
// [files]), so the modules in the image are the ones the page would import.
import { snapshotCache, snapshotKey, startPyodide } from "./runtime.mjs";

const RULES_FILE = /^"\.\/py\/rules\/([\w.]+\.py)" = "\.\/(rules\/[\w.]+\.py)"$/;

async function rulesFiles() {
  const config = await (await fetch(new URL("../pyscript.toml", import.meta.url))).text();
  const files = [];
  for (const line of config.split("\n")) {
    const match = RULES_FILE.exec(line.trim());
    if (match) files.push([new URL(`../py/rules/${match[1]}`, import.meta.url), match[2]]);
  }
  if (!files.length) throw new Error("pyscript.toml names no file of py/rules");
  return files;
}

async function saveImage(build) {
  const [pyodide, files] = await Promise.all([startPyodide({ _makeSnapshot: true }), rulesFiles()]);
  pyodide.FS.mkdirTree("rules");
  for (const [url, path] of files) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
  }
  const modules = files.map(([, path]) => path.slice(0, -3).replace("/", ".").replace(/\.__init__$/, ""));
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
