// Start Pyodide as soon as the page is parsed, while PyScript's own modules are still loading.
//
// pyscript.toml names this module as the interpreter. PyScript imports it (the browser gives it
// the same module instance index.html already started) and calls loadPyodide(): instead of
// starting a second Pyodide it gets the one under way here, with PyScript's stdout and stderr
// connected. This shortens the start by the time PyScript takes to load, which
// bench/startup.py measures against a bare Pyodide page.
//
// A built site (tools/build.py's flankwise-build meta tag) also keeps a start-up image: once the
// page is ready, static/snapshot-worker.mjs saves Python with the page's pure modules imported
// and the others' code compiled, and the next visit restores it instead of starting Python from
// scratch. An image that cannot be restored is dropped and Python starts as usual. The
// development server saves none, so an edited module is always the one that runs.
import { snapshotCache, snapshotKey, startPyodide, version } from "./runtime.mjs";

const sinks = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
const output = { stdout: (text) => sinks.stdout(text), stderr: (text) => sinks.stderr(text) };
const build = document.querySelector('meta[name="flankwise-build"]')?.content;
const root = document.documentElement;

async function savedImage() {
  if (!build || !globalThis.caches) return null;
  try {
    return (await (await caches.open(snapshotCache(build))).match(snapshotKey)) || null;
  } catch {
    return null; // storage can be off (a private window, a blocked site): start as usual
  }
}

async function start() {
  const image = await savedImage();
  if (image) {
    try {
      const pyodide = await startPyodide({ ...output, _loadSnapshot: image.arrayBuffer() });
      pyodide.runPython("import random\nrandom.seed()"); // the image's generator state is shared
      root.dataset.startImage = "restored";
      root.dataset.pyodideMs = String(performance.now());
      return pyodide;
    } catch (error) {
      console.warn("The saved Python start-up image could not be used; starting afresh.", error);
      await caches.open(snapshotCache(build)).then((cache) => cache.delete(snapshotKey)).catch(() => {});
    }
  }
  const pyodide = await startPyodide(output);
  root.dataset.pyodideMs = String(performance.now()); // bench/visits.py reports the phases
  if (build && globalThis.caches && globalThis.Worker) whenReady(() => saveImage(pyodide));
  return pyodide;
}

function whenReady(then) {
  const go = () => setTimeout(then, 1000); // after the first frame and the panel, off the start
  if (root.dataset.ready) return go();
  new MutationObserver((records, observer) => {
    if (root.dataset.ready) {
      observer.disconnect();
      go();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// The Python modules the page imported from files (not the standard library's zip): the worker
// keeps the compiled code of those the image cannot import.
const LOADED_FROM_FILES = `
import sys
from importlib.machinery import SourceFileLoader
[(name, module.__spec__.origin) for name, module in list(sys.modules.items())
 if isinstance(getattr(getattr(module, "__spec__", None), "loader", None), SourceFileLoader)]
`;

function saveImage(pyodide) {
  const loaded = pyodide.runPython(LOADED_FROM_FILES);
  const modules = loaded.toJs().map(([name, path]) => ({ name, path, source: pyodide.FS.readFile(path, { encoding: "utf8" }) }));
  loaded.destroy();
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  root.dataset.startImage = "saving";
  worker.onmessage = ({ data }) => {
    worker.terminate();
    if (data.error) console.warn("No start-up image was saved for the next visit:", data.error);
    root.dataset.startImage = data.error ? "unsaved" : "saved";
  };
  worker.postMessage({ build, modules });
}

const early = start();

export { version };

export function loadPyodide(options = {}) {
  if (options.stdout) sinks.stdout = options.stdout;
  if (options.stderr) sinks.stderr = options.stderr;
  return early;
}
