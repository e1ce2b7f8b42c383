"""The built site served on 127.0.0.1 as GitHub Pages serves it: under site_url's path (so the
root-absolute links the build writes resolve), text gzipped when the browser accepts it (as
Lighthouse weighs what travels). For the browser tests, the site audits and `./dev bench`."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import re
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

HOST = "127.0.0.1"


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    COMPRESSED = frozenset({".html", ".css", ".js", ".json", ".svg", ".xml", ".map", ".txt"})

    def translate_path(self, path):
        if not path.startswith(self.prefix):  # outside the site: 404
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if not (path.is_file() and path.suffix in self.COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):  # the stdlib's signature
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that dropped a request it no longer needs
            super().handle_error(request, client_address)


@contextmanager
def serve(site: Path):
    """Serve `site` on a free port, from a thread, under site_url's path as its build used it (read
    from the home page's canonical link); yields its URL."""
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', (site / "index.html").read_text(encoding="utf-8"))
    under = urlsplit(canonical.group(1)).path if canonical else "/"
    handler = functools.partial(type("_SiteHandler", (_Handler,), {"prefix": under}), directory=str(site))
    server = _Server((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}{under}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
