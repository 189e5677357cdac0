"""A small static file server for Flankwise: the page, the tests and the benchmarks use it.

It serves one folder on a loopback address with the MIME types the runtime needs
(``.wasm`` as ``application/wasm`` so WebAssembly streams, ``.mjs`` as JavaScript, ``.toml``
as text), optionally under a sub-path such as ``/flankwise/`` to stand in for a GitHub Pages
project site. A folder without a ``py.zip`` (the repository) gets one made from its ``py/``
on each request (``pyarchive``), so the page always runs the modules as they are on disk.
Standard library only, so it runs before any dependency is installed.
"""

import argparse
import functools
import io
import http.server
import socketserver
import sys
import threading
from pathlib import Path

import pyarchive

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` under ``prefix`` with explicit MIME types and no caching surprises."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, prefix="/", quiet=False, cache="no-cache", **kwargs):
        self.prefix = prefix
        self.quiet = quiet
        self.cache = cache
        super().__init__(*args, **kwargs)

    def translate_path(self, path):
        # Outside the sub-path nothing exists, as on a Pages project site.
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0missing")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_head(self):
        """The archive of ``py/`` made afresh where the folder has none, else the file."""
        path = self.path.split("?", 1)[0]
        folder = Path(self.directory)
        if path == self.prefix + pyarchive.ARCHIVE and not (folder / pyarchive.ARCHIVE).exists():
            data = pyarchive.archive(folder)
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            return io.BytesIO(data)
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", self.cache)
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """A threaded HTTP server whose threads never keep the process alive."""

    daemon_threads = True
    allow_reuse_address = True


def make_server(directory, host="127.0.0.1", port=0, prefix="/", quiet=False, cache="no-cache"):
    """A server for ``directory`` on ``host:port`` (0 picks a free port), not yet started;
    ``cache`` is the Cache-Control header it sends (GitHub Pages sends ``max-age=600``)."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"the sub-path must start and end with '/': {prefix!r}")
    handler = functools.partial(Handler, directory=str(directory), prefix=prefix, quiet=quiet, cache=cache)
    return Server((host, port), handler)


def serve_in_thread(directory, prefix="/", cache="no-cache"):
    """Start a quiet server on a free loopback port in a thread; return (server, base URL)."""
    server = make_server(directory, prefix=prefix, quiet=True, cache=cache)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{prefix}"


def main(argv=None):
    """Serve a folder until Ctrl-C, printing its URL first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=".", help="folder to serve (default: the current one)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.add_argument("--prefix", default="/", help="sub-path to serve under, e.g. /flankwise/")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.dir, args.host, args.port, args.prefix)
    except OSError as error:
        sys.exit(f"Cannot listen on {args.host}:{args.port}: {error.strerror}. Try --port.")
    host, port = server.server_address[:2]
    print(f"Flankwise is served at http://{host}:{port}{args.prefix}  (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
