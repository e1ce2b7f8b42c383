"""The built site served on 127.0.0.1 as GitHub Pages serves it: under site_url's path (so the
root-absolute links the build writes resolve, and those that miss the path do not). For the browser tests
and the site audits."""

import functools
import http.server
import sys
import threading
from contextlib import contextmanager

from docs_pipeline.site import layout

HOST = "127.0.0.1"


class _Handler(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        under = layout().base_path  # a path outside it finds nothing (404)
        return super().translate_path(path.removeprefix(under[:-1]) if path.startswith(under) else "/__outside_the_site__")

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
