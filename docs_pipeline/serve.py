"""What the browser tests, the audits and the benchmark share: the built site served on 127.0.0.1 as
GitHub Pages serves it (under site_url's path, so the root-absolute links the build writes resolve;
text gzipped when the browser accepts it, as Lighthouse weighs what travels), the Chromium they
drive, and Lighthouse (tests/audit/lighthouse.mjs) run in it."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from docs_pipeline.site import ROOT

HOST = "127.0.0.1"
INSTALL_HINT = (
    "The browser tests need Chromium and a CJK font. Either `.venv/bin/playwright install chromium` "
    "(Playwright's own build, the usual way on macOS and Windows), or a system Chromium "
    "(Debian/Ubuntu: apt-get install chromium fonts-noto-cjk; ./dev test does this itself when it runs "
    "as root on Debian, as in CI), or point CHROMIUM at a Chromium binary."
)
CATEGORIES = ("accessibility", "best-practices", "seo")  # the site audits hold each at 100 on every page
AUDIT_OPTIONS = ("--form-factor", "mobile", "--categories", ",".join(CATEGORIES), "--fast")


@functools.cache  # Playwright's sync API cannot be asked again once a browser is running
def chromium_executable() -> str | None:
    """The Chromium to drive: $CHROMIUM when set (it must exist); else Playwright's own browser when
    `playwright install chromium` put one in place; else a system Chromium on PATH; else None."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        own = playwright.chromium.executable_path
    if own and Path(own).is_file():
        return own
    return shutil.which("chromium") or shutil.which("chromium-browser")


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


class Lighthouse:
    """tests/audit/lighthouse.mjs on every URL in one Node process, started now, in the background (the
    browser tests run meanwhile); `records()` waits for it: its records, in URL order (lighthouse.mjs
    lists their fields), or RuntimeError saying why the runner failed. The site audits' options unless
    `./dev bench` passes its performance runs'."""

    def __init__(self, urls: list[str], options: tuple[str, ...] = AUDIT_OPTIONS):
        chrome = chromium_executable()
        if chrome is None:
            raise RuntimeError(f"no Chromium found. {INSTALL_HINT}")
        self._tmp = tempfile.TemporaryDirectory()
        self._out = Path(self._tmp.name) / "lighthouse.json"
        self._log = open(Path(self._tmp.name) / "stderr.txt", "w+", encoding="utf-8")  # noqa: SIM115 - lives with the run
        script = ROOT / "tests" / "audit" / "lighthouse.mjs"
        cmd = ["node", str(script), "--chrome", chrome, *options, "--out", str(self._out), *urls]
        env = {**os.environ, "CHROME_PATH": chrome}
        self._process = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self._log, env=env)

    def records(self, timeout: float | None = 1800) -> list[dict]:
        try:
            code = self._process.wait(timeout=timeout)
            self._log.seek(0)
            if code != 0 or not self._out.is_file():
                raise RuntimeError(f"tests/audit/lighthouse.mjs failed (exit {code}):\n{self._log.read()[-3000:]}")
            return json.loads(self._out.read_text(encoding="utf-8"))
        finally:
            self.stop()

    def stop(self) -> None:
        """End the run if it is still going (pytest stopped before reading it): SIGINT, on which
        chrome-launcher closes its Chromium too; then its files go."""
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGINT)
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._log.close()
        self._tmp.cleanup()
