// How the page starts the vendored Pyodide, shared by static/pyodide-early.mjs (the page) and
// static/snapshot-worker.mjs (which saves a start-up image for the next visit).
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// Keep Pyodide off WebAssembly stack switching (JSPI). Pyodide uses it when the browser has
// WebAssembly.Suspending, running calls into Python on small side stacks. Chromium's sampling
// heap profiler, which Chrome switches on for a share of sessions, walks the stack of a sampled
// allocation up to the thread's own stack and runs off the end of such a side stack: the tab
// crashes ("Aw, Snap"). The page never needs run_sync, so it gives JSPI up; Pyodide checks
// for it when its runtime loads, inside loadPyodide. tests/browser/test_boot.py forces the
// profiler on to prove the page survives it.
delete WebAssembly.Suspending;
delete WebAssembly.promising;

// The standard library trimmed to what Flankwise imports (tools/stdlib.py, written by
// ./serve.sh from the pinned python_stdlib.zip): 0.9 MB instead of 2.5 MB. The page and the
// start-up image's worker load the same one, as an image must be restored over the library
// it was made with.
const STANDARD_LIBRARY = new URL("./vendor/pyodide/python_stdlib_trimmed.zip", import.meta.url).href;

/** Start Pyodide from static/vendor/pyodide/ with `options` added. */
export function startPyodide(options = {}) {
  const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
  return loadPyodide({ indexURL, stdLibURL: STANDARD_LIBRARY, ...options });
}

// A start-up image (a Pyodide memory snapshot) lives in the service worker's cache of the build
// it belongs to, so a new deploy drops it with the rest of the old cache (static/sw.js).
export const snapshotCache = (build) => `flankwise-${build}`;
export const snapshotKey = new URL("./python-start-image", import.meta.url).href;
