#!/usr/bin/env bash
# Flankwise's one entry point. Each command installs what it needs on a fresh Debian machine.
#
#   ./serve.sh [--port N]      set up the vendored runtime, then serve the app on 127.0.0.1:8000
#   ./serve.sh test [ARGS]     set up runtime, venv and Chromium, then run every test (pytest ARGS)
#   ./serve.sh setup           only the runtime set-up: npm ci, the copy into static/vendor/ and
#                              the trimmed standard library (tools/stdlib.py)
#   ./serve.sh bench NAME      run bench/NAME.py with the test environment (e.g. startup, engine)
#   ./serve.sh build           write _site/: exactly what GitHub Pages publishes
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
VENV="$ROOT/.venv"

say() { printf '\033[1m[flankwise]\033[0m %s\n' "$*" >&2; }

# Run as root directly, otherwise through sudo when there is one.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "Need root to run: $*"; exit 1
  fi
}

APT_UPDATED=
apt_install() {
  command -v apt-get >/dev/null || { say "Please install: $* (no apt-get here)"; exit 1; }
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  say "Installing Debian packages: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# npm ci when node_modules does not match package-lock.json, then copy what the page loads.
setup_runtime() {
  command -v npm >/dev/null || apt_install nodejs npm
  if ! cmp -s package-lock.json node_modules/.flankwise-lock 2>/dev/null; then
    say "Installing the pinned runtime (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.flankwise-lock
    rm -rf static/vendor
  fi
  if [ ! -f static/vendor/.complete ]; then
    say "Copying PyScript and Pyodide into static/vendor/"
    rm -rf static/vendor
    mkdir -p static/vendor/pyscript static/vendor/pyodide
    # PyScript's dist/: core.js, core.css and the chunks the page loads (core's own, the error
    # and deprecation helpers, donkey, toml, and the small entry chunks of py-editor, py-game
    # and py-terminal that core imports at start). Left out, as the page never loads them: the
    # editor's codemirror, the terminal's xterm, MicroPython's mpy and py terminal, and the zip,
    # graph, storage and service-worker helpers (tests/browser/test_site.py checks both ways).
    for pattern in core.js core.css 'core-*.js' 'deprecations-manager-*.js' 'donkey-*.js' 'error-*.js' \
        'toml-*.js' 'py-editor-*.js' 'py-game-*.js' 'py-terminal-*.js'; do
      cp node_modules/@pyscript/core/dist/$pattern static/vendor/pyscript/
    done
    for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
      cp "node_modules/pyodide/$f" static/vendor/pyodide/
    done
    touch static/vendor/.complete
  fi
  # The standard library the page loads, trimmed to what py/ and the runtime import: made again
  # on each run, so a new import in py/ is in it (it rewrites the file only when that changes).
  command -v python3 >/dev/null || apt_install python3
  python3 tools/stdlib.py --quiet
}

# A venv with the test dependencies of pyproject.toml, reinstalled when pyproject changes.
setup_venv() {
  if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then apt_install python3-venv; fi
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  if ! cmp -s pyproject.toml "$VENV/.flankwise-pyproject" 2>/dev/null; then
    say "Installing Python test dependencies into .venv"
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -e '.[test]'
    cp pyproject.toml "$VENV/.flankwise-pyproject"
  fi
}

# Debian's Chromium: Playwright drives it; it cannot download browsers of its own here.
setup_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}

cmd=${1:-serve}
case "$cmd" in
  serve|--port|-p)
    [ "$cmd" = serve ] && shift || true
    setup_runtime
    command -v python3 >/dev/null || apt_install python3
    exec python3 tools/devserver.py --dir "$ROOT" "$@"
    ;;
  setup)
    setup_runtime
    ;;
  build)
    setup_runtime
    python3 tools/build.py
    ;;
  test)
    shift
    setup_runtime
    setup_venv
    setup_chromium
    exec "$VENV/bin/python" -m pytest "$@"
    ;;
  bench)
    shift
    name=${1:?which benchmark? e.g. ./serve.sh bench startup}
    shift
    setup_runtime
    setup_venv
    setup_chromium
    exec "$VENV/bin/python" "bench/$name.py" "$@"
    ;;
  -h|--help|help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    ;;
  *)
    say "Unknown command '$cmd'. Try ./serve.sh --help"
    exit 2
    ;;
esac
