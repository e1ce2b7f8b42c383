"""The built site served on 127.0.0.1 as GitHub Pages serves it: under site_url's path (so the
root-absolute links the build writes resolve, and those that miss the path do not), text gzipped when
the browser accepts it (as Lighthouse weighs what travels). For the browser tests, the site audits and
`./dev bench`."""

import functools
import gzip
import http.server
import io
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from docs_pipeline.site import layout

HOST = "127.0.0.1"
GZIPPED = (".html", ".css", ".js", ".json", ".svg", ".xml", ".map", ".txt")


class _Handler(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        under = layout().base_path  # a path outside it finds nothing (404)
        return super().translate_path(path.removeprefix(under[:-1]) if path.startswith(under) else "/__outside_the_site__")

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path /= "index.html"
        if not (path.is_file() and path.suffix in GZIPPED and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", len(body))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):  # the stdlib's signature
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that dropped a request it no longer needs
            super().handle_error(request, client_address)


@contextmanager
def serve(site):
    """Serve `site` on a free port, from a thread, under site_url's path; yields its URL."""
    with _Server((HOST, 0), functools.partial(_Handler, directory=site)) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://{HOST}:{server.server_port}{layout().base_path}"
        finally:
            server.shutdown()
