// Start-up feedback while Python loads: PyScript's progress events become the loading text,
// and any error before the page is ready is shown on the page, not only in the console.
// The rules and the drawing live in Python (py/); this file only narrates the start.
const text = document.getElementById("loading-text");
const box = document.getElementById("loading-error");
const started = performance.now();

const STEPS = {
  "Loading Pyodide": "Loading Python in your browser (a few seconds)…",
  "Loaded Pyodide": "Python loaded; starting Flankwise…",
  "Loading files": "Fetching the rules engine…",
  "Loaded files": "Rules engine fetched; starting…",
};

addEventListener("py:progress", ({ detail }) => {
  if (document.documentElement.dataset.ready) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  text.textContent = `${STEPS[detail] || detail} (${seconds} s)`;
});

export function showStartupError(message) {
  if (document.documentElement.dataset.ready) return;
  document.documentElement.dataset.failed = "1";
  text.textContent = "Flankwise could not start.";
  box.hidden = false;
  box.textContent = String(message);
}

addEventListener("error", (event) => showStartupError(event.message || event.error));
addEventListener("unhandledrejection", (event) => showStartupError(event.reason));

// PyScript reports errors it catches itself (a bad config, a failed fetch) as a .py-error
// element; surface the first one on the loading screen, where the player is looking.
new MutationObserver((records, observer) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.classList.contains("py-error")) {
        showStartupError(node.textContent);
        observer.disconnect();
        return;
      }
    }
  }
}).observe(document.documentElement, { childList: true, subtree: true });

// A built site (tools/build.py marks it with a flankwise-build meta tag) registers the service
// worker that keeps it working offline; the development server does not, so edits show at once.
// It registers once the page is ready, so caching the site never slows the first start.
const build = document.querySelector('meta[name="flankwise-build"]');
if (build && "serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("./sw.js").catch((error) => {
    console.warn("Offline use is unavailable:", error);
  });
  const root = document.documentElement;
  if (root.dataset.ready) {
    register();
  } else {
    new MutationObserver((records, observer) => {
      if (root.dataset.ready) {
        observer.disconnect();
        register();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
}
