"""The fixture server (spec §6.3): fixtures/pages on 127.0.0.1 only, nothing outside it allowed.

Every response carries a Content-Security-Policy that allows nothing outside the server and no
script at all, so a fixture opened from it can make no outside request even if the sanitiser
missed one; each request it cannot answer is logged as one line (path only, never a query: a
query could hold what the sanitiser dropped).
"""

from __future__ import annotations

import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

HOST = "127.0.0.1"
DEFAULT_PORT = 4173
DEFAULT_ROOT = Path(__file__).resolve().parents[1] / "fixtures/pages"
CSP = (
    "default-src 'self'; script-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; "
    "worker-src 'none'; connect-src 'self'; img-src 'self'; media-src 'self'; font-src 'self'; "
    "style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class FixtureHandler(SimpleHTTPRequestHandler):
    log_stream: TextIO = sys.stderr

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code == 404:
            self.log_stream.write(f"not found: {urlsplit(self.path).path}\n")
            self.log_stream.flush()
        super().send_error(code, message, explain)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass  # the default log line holds the query string


def make_server(root: Path | str = DEFAULT_ROOT, port: int = DEFAULT_PORT, log: TextIO | None = None) -> ThreadingHTTPServer:
    """A server bound to 127.0.0.1 only (port 0 picks a free one); call serve_forever() on it."""
    handler = type("Handler", (FixtureHandler,), {"log_stream": log or sys.stderr})
    return ThreadingHTTPServer((HOST, port), partial(handler, directory=str(root)))


def serve(root: Path | str = DEFAULT_ROOT, port: int = DEFAULT_PORT) -> None:
    server = make_server(root, port)
    print(f"serving {root} at http://{HOST}:{server.server_address[1]}/", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
