// The start-up baseline: load the vendored Pyodide and run one line of Python, nothing else.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: "../static/vendor/pyodide/" });
pyodide.runPython("1 + 1");
// bench/engine.py --page runs the rules engine's benchmark in this Pyodide.
window.benchPyodide = pyodide;
document.documentElement.dataset.readyMs = String(performance.now());
document.documentElement.dataset.ready = "1";
