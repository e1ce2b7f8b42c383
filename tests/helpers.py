"""What the tests share besides fixtures: a copy of the project for tests that break it (the files
as git sees them, no build outputs), its strict build, and a built site served on 127.0.0.1 as
GitHub Pages serves it: under site_url's path (so the root-absolute links the build writes
resolve), text gzipped when the browser accepts it (Lighthouse weighs what travels; the browser
tests read decoded bodies)."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import re
import shutil
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from docs_pipeline.site import ROOT

# Only when there is no git: what never belongs in a copy.
UNCOPIED = {".git", ".venv", "site", ".cache", "__pycache__", ".pytest_cache", "test-artifacts"}


def _project_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: everything but the build outputs
        listed = [
            p.relative_to(ROOT).as_posix()
            for p in ROOT.rglob("*")
            if p.is_file() and not UNCOPIED & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)
        ]
    return sorted(name for name in listed if name and (ROOT / name).is_file())  # deleted, not yet committed: skip


def copy_project(dest: Path) -> Path:
    """Copy the project into dest, with the notebooks' caches (so unchanged notebooks don't run again)."""
    for name in _project_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for cache in ("notebook-runs", "mkdocs-jupyter"):
        if (ROOT / ".cache" / cache).is_dir():
            shutil.copytree(ROOT / ".cache" / cache, dest / ".cache" / cache)
    return dest


def snippet_with_output(project: Path) -> str:
    """A snippet (snippets/d/name.py, relative to project) whose stored output is not empty."""
    for py in sorted((project / "snippets").rglob("*.py")):
        out = py.with_suffix(".out")
        if out.is_file() and out.read_text(encoding="utf-8").strip():
            return py.relative_to(project).as_posix()
    pytest.fail("no snippet with a stored output: nothing to break", pytrace=False)


def build_site(project, site):
    """`mkdocs build --strict` of `project` into `site`; the CompletedProcess, never raises."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )


# ---------------------------------------------------------------- the built site, served

HOST = "127.0.0.1"


def site_path(site: Path) -> str:
    """site_url's path as the build used it, read from the home page's canonical link."""
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', (site / "index.html").read_text(encoding="utf-8"))
    return urlsplit(canonical.group(1)).path if canonical else "/"


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    COMPRESSED = frozenset({".html", ".css", ".js", ".json", ".svg", ".xml", ".map", ".txt"})

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
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


@contextmanager
def serve(site: Path, under: str | None = None):
    """Serve `site` at path `under` (default: site_url's path) on a free port, from a thread; yields its URL."""
    under = site_path(site) if under is None else under
    handler = functools.partial(type("_SiteHandler", (_Handler,), {"prefix": under}), directory=str(site))
    server = http.server.ThreadingHTTPServer((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}{under}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
