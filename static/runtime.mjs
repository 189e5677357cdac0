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

// The built site publishes Pyodide's WebAssembly gzipped (tools/build.py sets this to true in
// the copy it publishes): 3.5 MB instead of 9.6 MB on a first visit, whatever the host
// compresses. Pyodide fetches `pyodide.asm.wasm` with the global fetch; for exactly that URL the
// page fetches the `.gz` beside it and hands Pyodide the bytes as the browser unpacks them
// (DecompressionStream), as a response WebAssembly can compile while it streams. Every other
// request goes to the browser's fetch untouched. The development server serves the plain file.
// The unpacked bytes are also kept in the service worker's cache of this build (WASM_CACHE,
// set by tools/build.py), and later visits hand Pyodide that copy: no unpacking again, and a
// response the browser can keep its compiled code for.
const GZIPPED_WASM = false;
const WASM_CACHE = "";
const WASM_HEADERS = { "Content-Type": "application/wasm" };

// The bytes of a response to the `.gz`, unpacked: a host that sends it with its own
// Content-Encoding has the browser unpack it already, so only bytes that start as gzip does
// (1f 8b) go through DecompressionStream.
async function unpacked(response) {
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array() : first.value;
  const bytes = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return head[0] === 0x1f && head[1] === 0x8b ? bytes.pipeThrough(new DecompressionStream("gzip")) : bytes;
}

async function keptWasm(wasm) {
  if (!WASM_CACHE || !globalThis.caches) return null;
  try {
    return (await caches.match(wasm, { cacheName: WASM_CACHE })) || null;
  } catch {
    return null;
  }
}

function fetchingGzippedWasm(indexURL) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  const plain = globalThis.fetch;
  globalThis.fetch = function fetch(resource, init) {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (url !== wasm) return plain.call(this, resource, init);
    return (async () => {
      const kept = await keptWasm(wasm);
      if (kept) return kept;
      const response = await plain.call(this, `${wasm}.gz`);
      if (!response.ok) throw new Error(`Failed to load '${wasm}.gz': HTTP ${response.status}`);
      const bytes = await unpacked(response);
      if (!WASM_CACHE || !globalThis.caches) return new Response(bytes, { headers: WASM_HEADERS });
      const [compiled, stored] = bytes.tee();
      caches.open(WASM_CACHE)
        .then((cache) => cache.put(wasm, new Response(stored, { headers: WASM_HEADERS })))
        .catch(() => {}); // storage can be off: the next visit unpacks again
      return new Response(compiled, { headers: WASM_HEADERS });
    })();
  };
}

/** Start Pyodide from static/vendor/pyodide/ with `options` added. */
export function startPyodide(options = {}) {
  const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
  if (GZIPPED_WASM && !fetchingGzippedWasm.done) {
    fetchingGzippedWasm(indexURL);
    fetchingGzippedWasm.done = true;
  }
  return loadPyodide({ indexURL, stdLibURL: STANDARD_LIBRARY, ...options });
}

// A start-up image (a Pyodide memory snapshot) lives in the service worker's cache of the build
// it belongs to, so a new deploy drops it with the rest of the old cache (static/sw.js).
export const snapshotCache = (build) => `flankwise-${build}`;
export const snapshotKey = new URL("./python-start-image", import.meta.url).href;
