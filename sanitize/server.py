"""The fixture server (spec §6.3): fixtures/pages on 127.0.0.1 only, nothing outside it allowed.

Every response carries a Content-Security-Policy that allows nothing outside the server and no
script at all, so a fixture opened from it can make no outside request even if the sanitiser
missed one. Every attempt is logged as one line: a request the server cannot answer (its path,
never a query: a query could hold what the sanitiser dropped), and every request the browser
blocked, from the CSP violation report it posts back (the directive and the blocked origin only).
"""

from __future__ import annotations

import json
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

HOST = "127.0.0.1"
DEFAULT_PORT = 4173
REPORT_PATH = "/__csp-report"
CSP = (
    "default-src 'self'; script-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; "
    "worker-src 'none'; connect-src 'self'; img-src 'self'; media-src 'self'; font-src 'self'; "
    "style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; "
    # report-uri, not report-to: Chromium delivers report-to reports in batches up to a minute
    # late, and prefers report-to when both are given.
    f"report-uri {REPORT_PATH}"
)
MAX_REPORT_BYTES = 64 * 1024


#: What a CSP report names in place of an address (an inline script, eval, a data: or blob: resource): said as is
_REPORT_KEYWORDS = frozenset({"inline", "eval", "wasm-eval", "trusted-types-sink", "self", "data", "blob", "about",
                              "filesystem", "mediastream"})


def _origin(url: str) -> str:
    """Scheme, host and port of a blocked address, never its path or query; a report is the page's to write, so
    what does not read as an address gives its scheme, a CSP keyword, or "?"."""
    try:
        parts = urlsplit(url)
    except ValueError:  # a bracket that does not close
        scheme = url.split(":", 1)[0]
        return f"{scheme}:" if ":" in url and scheme.isalpha() else "?"
    try:
        port = parts.port
    except ValueError:  # a port out of range or no number: the origin without it
        port = None
    if parts.hostname:
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return f"{parts.scheme}://{host}" + (f":{port}" if port else "")
    if parts.scheme:
        return f"{parts.scheme}:"
    return url if url in _REPORT_KEYWORDS else "?"


def blocked_lines(body: bytes) -> list[str]:
    """Log lines for a CSP report body (report-uri or Reporting API form): directive and origin only."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return ["blocked: (unreadable report)"]
    reports = data if isinstance(data, list) else [data]
    lines = []
    for report in reports:
        if not isinstance(report, dict):
            continue
        inner = report.get("csp-report") or report.get("body") or {}
        if not isinstance(inner, dict):
            continue
        directive = inner.get("violated-directive") or inner.get("effectiveDirective") or "?"
        blocked = inner.get("blocked-uri") or inner.get("blockedURL") or "?"
        lines.append(f"blocked: {directive} {_origin(str(blocked))}")
    return lines


class FixtureHandler(SimpleHTTPRequestHandler):
    log_stream: TextIO = sys.stderr

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def guess_type(self, path: str) -> str:  # type: ignore[override]
        """Text as UTF-8 (what the sanitiser writes): it drops <meta http-equiv>, so a page's own
        encoding declaration may be gone and the browser would otherwise guess."""
        kind = super().guess_type(path)
        return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind == "application/json" else kind

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code == 404:
            self.log_stream.write(f"not found: {urlsplit(self.path).path}\n")
            self.log_stream.flush()
        super().send_error(code, message, explain)

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        """Receive the browser's CSP violation reports; anything else is refused."""
        if urlsplit(self.path).path != REPORT_PATH:
            self.send_error(405)
            return
        length = min(int(self.headers.get("Content-Length") or 0), MAX_REPORT_BYTES)
        for line in blocked_lines(self.rfile.read(length)):
            self.log_stream.write(line + "\n")
        self.log_stream.flush()
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass  # the default log line holds the query string


def make_server(root: Path | str | None = None, port: int = DEFAULT_PORT, log: TextIO | None = None) -> ThreadingHTTPServer:
    """A server bound to 127.0.0.1 only (port 0 picks a free one); call serve_forever() on it.

    ``root`` defaults to the fixtures of the tree in use (``ATTEST_KIT_ROOT`` or this checkout).
    A port that cannot be bound is BadInput.
    """
    from attest_kit.errors import BadInput
    from attest_kit.paths import fixtures_dir

    handler = type("Handler", (FixtureHandler,), {"log_stream": log or sys.stderr})
    try:
        return ThreadingHTTPServer((HOST, port), partial(handler, directory=str(root or fixtures_dir())))
    except OSError as exc:
        raise BadInput(None, f"cannot serve on {HOST}:{port}: {exc.strerror or exc}") from None


def serve(root: Path | str | None = None, port: int = DEFAULT_PORT) -> None:
    from attest_kit.paths import fixtures_dir

    root = root or fixtures_dir()
    server = make_server(root, port)
    print(f"serving {root} at http://{HOST}:{server.server_address[1]}/", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
