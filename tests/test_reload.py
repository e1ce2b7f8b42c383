"""`mkdocs serve` (plain: the plugin restarts it with --dirty, as `./dev serve` runs it) rebuilds only what an
edit changed (docs_pipeline/plugin.py marks the pages): after a snippet is saved, every page it serves, and each
language's search index, is what a whole build writes; a page added to the nav and removed again is no longer
served, nor in search; a nav title edited reaches the notebook pages too. Weekly: it serves and builds the
whole site (the reload's time is `./dev bench`'s)."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from docs_pipeline.notebooks import notebook_url
from docs_pipeline.pages import parse, split_target
from docs_pipeline.site import ROOT, layout
from tests.helpers import SITE, fail_if, finished, read, start_build, write

LIVERELOAD = re.compile(r"<script>\s*var livereload = .*?</script>", re.S)  # what mkdocs serve adds before </body>


def test_the_macros_read_a_nav_edited_during_serve(tmp_path):
    """`mkdocs serve` rebuilds with an edited mkdocs.yml in its own process: layout(), whose nav titles the
    macros show (the rules index's headings), reads it again."""
    config = read(ROOT / "mkdocs.yml")
    name, title = next(iter(SITE.nav.items()))
    write(tmp_path, {"mkdocs.yml": config})
    assert layout(tmp_path).nav[name] == title
    write(tmp_path, {"mkdocs.yml": config.replace(f"- {title}:", f"- {title} (edited):", 1)})
    os.utime(tmp_path / "mkdocs.yml", ns=(0, 1))  # another time, however fast the edit follows
    assert layout(tmp_path).nav[name] == f"{title} (edited)"


def _said(server, text):
    """The first line the server says that holds text."""
    return next(line for line in server.stdout if text in line)


def _status(url):
    try:
        return urllib.request.urlopen(url).status
    except urllib.error.HTTPError as error:
        return error.code


def _same(served, built, names, context):
    """Each of `names` is served as the whole build `built` wrote it."""
    fail_if(
        (
            f"{name}: the reload serves other content than a whole build writes"
            for name in names
            if _normal(urllib.request.urlopen(f"{served}{name}").read().decode().replace(served, SITE.site_url), name)
            != _normal(read(built / name), name)
        ),
        context,
    )


def _normal(text, name):
    return sorted(json.dumps(d) for d in json.loads(text)["docs"]) if name.endswith(".json") else LIVERELOAD.sub("", text)


@pytest.mark.exhaustive
def test_a_reload_serves_what_a_whole_build_writes(tmp_path):
    project = shutil.copytree(ROOT, tmp_path / "p", ignore=shutil.ignore_patterns(".*", "site", "bench"))
    # shown on a page of the core path: its page in each language changes, and so does the home page's reading time
    snippet = next(split_target(t)[0] for p in SITE.pages(SITE.default)[1:] for t in parse(p).includes if ".py" in t)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{free.getsockname()[1]}"
    signal.signal(signal.SIGINT, signal.default_int_handler)  # not ignored, as a shell leaves it in a background run
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", address],  # as `serve --dirty` (the plugin)
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )

    def reload(files):
        """`files` ({path: text}) written into the project, and the server's rebuild waited for."""
        write(project, files)
        _said(server, "Reloading browsers")

    try:
        served = f"http://{address}{SITE.base_path}"
        _said(server, "restarting as mkdocs serve --dirty")  # docs_pipeline/plugin.py: plain serve as ./dev serve's
        _said(server, "Serving on")
        reload({snippet.relative_to(ROOT): read(snippet) + 'print("reloaded")\n' * 40})
        built = tmp_path / "site"
        assert finished(start_build(project, built, {"DOCS_KERNELS": "false"})).returncode == 0
        files = [
            f.relative_to(built).as_posix() for f in built.rglob("*.html") if "notebooks" not in f.parts
        ]  # served unexecuted
        indexes = [f"{SITE.prefix(lang)}search/search_index.json" for lang in SITE.languages]
        _same(served, built, files + indexes, f"after saving {snippet.relative_to(ROOT)}:")
        # a page added to the nav in both languages, served, then removed: neither it nor its search entries stay
        config = read(project / "mkdocs.yml")
        pages = {f"docs/{lang}/added.md": "# 新页 { #added }\n\n一个加上又删去的页面。\n" for lang in SITE.languages}
        urls = [served + SITE.url_of(SITE.docs / lang / "added.md") for lang in SITE.languages]
        reload({**pages, "mkdocs.yml": config.replace("  - 参考:\n", "  - 参考:\n      - 新页: added.md\n")})
        assert [_status(url) for url in urls] == [200, 200], f"a page added to the nav is not served: {urls}"
        for page in pages:
            (project / page).unlink()
        reload({"mkdocs.yml": config})
        assert [_status(url) for url in urls] == [404, 404], f"a page removed from docs/ and the nav is still served: {urls}"
        _same(served, built, indexes, "after adding a page and removing it:")
        # a nav title edited: the page's notebook page, whose .ipynb stays the same, shows it too
        page = SITE.docs / "en/how-it-works.md"
        title = SITE.nav_title(page)
        reload({"mkdocs.yml": config.replace(f": {title}\n", f": {title}, edited\n", 1)})
        notebook = urllib.request.urlopen(served + notebook_url(page, SITE)).read().decode()
        assert f"{title}, edited" in notebook, f"a nav title edited during serve does not reach {notebook_url(page, SITE)}"
    finally:
        server.send_signal(signal.SIGINT)  # as Ctrl-C: mkdocs serve removes its temporary site
        server.wait(timeout=60)
