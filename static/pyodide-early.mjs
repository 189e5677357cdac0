// Start Pyodide as soon as the page is parsed, while PyScript's own modules are still loading.
//
// pyscript.toml names this module as the interpreter. PyScript imports it (the browser gives it
// the same module instance index.html already started) and calls loadPyodide(): instead of
// starting a second Pyodide it gets the one under way here, with PyScript's stdout and stderr
// connected. This shortens the start by the time PyScript takes to load, which
// bench/startup.py measures against a bare Pyodide page.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

// Keep Pyodide off WebAssembly stack switching (JSPI). Pyodide uses it when the browser has
// WebAssembly.Suspending, running calls into Python on small side stacks. Chromium's sampling
// heap profiler, which Chrome switches on for a share of sessions, walks the stack of a sampled
// allocation up to the thread's own stack and runs off the end of such a side stack: the tab
// crashes ("Aw, Snap"). The page never needs run_sync, so it gives JSPI up; Pyodide checks
// for it when its runtime loads, just below. tests/browser/test_boot.py forces the profiler on
// to prove the page survives it.
delete WebAssembly.Suspending;
delete WebAssembly.promising;

const sinks = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

const early = load({
  indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
  stdout: (text) => sinks.stdout(text),
  stderr: (text) => sinks.stderr(text),
});

export { version };

export function loadPyodide(options = {}) {
  if (options.stdout) sinks.stdout = options.stdout;
  if (options.stderr) sinks.stderr = options.stderr;
  return early;
}
