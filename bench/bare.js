// The start-up baseline: load the vendored Pyodide and run one line of Python, nothing else.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: "../static/vendor/pyodide/" });
pyodide.runPython("1 + 1");
document.documentElement.dataset.readyMs = String(performance.now());
document.documentElement.dataset.ready = "1";
