"""The site's layout: one answer for the plugin, every tool and test. Its facts are the engine's
configuration (docs_pipeline/engine.py): one folder per language under docs/, the default language
served at the site root, every other one under its own folder.
"""

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlsplit

from .engine import layout_settings

ROOT = Path(__file__).resolve().parent.parent


KEPT_DAYS = 30  # an entry unused for this long is removed: the folder serves every checkout and CI


def cache_dir(name):
    """The project's caches, keyed by content, outside the checkout (CI restores the folder): $DOCS_CACHE,
    by default ~/.cache/dynamic-graph-docs/."""
    return Path(os.environ.get("DOCS_CACHE") or Path.home() / ".cache/dynamic-graph-docs") / name


def digest(data, length=12):
    """The start of the SHA-256 of `data` (bytes), in hex: the project's one hash."""
    return hashlib.sha256(data).hexdigest()[:length]


def kept(name, key):
    """The one key scheme of the cache folder: the entry of cache `name` for `key` (what JSON writes)."""
    return cache_dir(name) / f"{digest(json.dumps(key).encode(), 32)}.json"


def load(entry):
    """A kept entry's text, touched (it is in use), or None."""
    if not entry.is_file():
        return None
    os.utime(entry)
    return entry.read_text(encoding="utf-8")


def store(entry, text):
    """An entry written whole (other runs may read it meanwhile); the folder's entries unused for KEPT_DAYS go."""
    written = entry.with_suffix(f".{os.getpid()}")
    entry.parent.mkdir(parents=True, exist_ok=True)
    written.write_text(text, encoding="utf-8")
    written.replace(entry)
    for stale in entry.parent.glob("*.json"):
        if time.time() - stale.stat().st_mtime > KEPT_DAYS * 86400:
            stale.unlink(missing_ok=True)


RENDERERS = ("mkdocs-jupyter", "nbconvert", "nbformat", "mistune", "pygments", "jinja2")


def renderers():
    """The installed version of each renderer: part of the key of what they wrote."""
    return " ".join(f"{package}=={version(package)}" for package in RENDERERS)


def rendered_cache(name):
    """A cache of what Jinja compiles, whose own keys hold the input but not the renderer: a folder per
    installed version of each."""
    return cache_dir(name) / digest(renderers().encode(), 16)


def snippet_file(name, root=ROOT):
    """ "how_it_works/grad_basics", as pages name a snippet -> snippets/how_it_works/grad_basics.py"""
    return root / "snippets" / f"{name}.py"


def snippet_files(root=ROOT):
    """Every file under snippets/: the programs and what is stored beside them, not Python's bytecode."""
    return sorted(p for p in (root / "snippets").rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def program_of(path):
    """The program a stored file belongs to: d/name.out, d/name.var.svg -> d/name.py."""
    return path.with_name(f"{path.name.split('.')[0]}.py")


def snippet_name(path):
    """snippets/how_it_works/grad_basics.py (or .out, ...) -> "how_it_works/grad_basics", as pages name it."""
    return path.relative_to(ROOT / "snippets").with_suffix("").as_posix()


def repo_name(path, root=ROOT):
    """A path as the repository names it (docs/zh/x.md), or as given when it lies elsewhere."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass(frozen=True)
class Layout:
    root: Path
    docs: Path
    languages: tuple  # the default language first
    site_url: str
    names: dict  # language -> its name in the language switcher
    nav: dict  # page name -> its title in the navigation (in the default language), in nav order
    nav_groups: tuple  # the nav's top-level entries: (title, page names)
    translations: dict  # language -> nav title (zh) -> its title there

    @property
    def default(self):
        return self.languages[0]

    @property
    def base_path(self):
        """site_url's path: where the site is published on its host ("/repo/")."""
        return urlsplit(self.site_url).path or "/"

    def pages(self, lang=None):
        return sorted(p for code in ([lang] if lang else self.languages) for p in (self.docs / code).rglob("*.md"))

    def _in_docs(self, page):
        """The page's path inside docs/ (resolving links only when it is not plainly there: a build
        asks thousands of times)."""
        try:
            return page.relative_to(self.docs)
        except ValueError:
            return page.resolve().relative_to(self.docs.resolve())

    def language_of(self, page):
        return self._in_docs(page).parts[0]

    def page_name(self, page):
        """The page inside its language folder, without .md: "how-it-works", "index"."""
        return self._in_docs(page).with_suffix("").as_posix().partition("/")[2]

    def prefix(self, lang):
        """Where a language's pages are published, relative to the site root: "" or "en/"."""
        return "" if lang == self.default else f"{lang}/"

    def url_of(self, page):
        """The page's URL relative to the site root ("" for the default language's home page)."""
        path = re.sub(r"(^|/)index$", "", self.page_name(page))
        return self.prefix(self.language_of(page)) + (path and f"{path}/")

    def counterpart(self, page, lang=None):
        """The same page in another language (the other one, when there are two)."""
        other = lang or next(code for code in self.languages if code != self.language_of(page))
        return self.docs / other / f"{self.page_name(page)}.md"

    def source_of(self, built, site):
        """The page a built HTML file comes from, as the layout says: "docs/<lang>/<name>.md"."""
        parts = built.relative_to(site).parts
        lang = parts[0] if parts[0] in self.languages[1:] else self.default
        stem = "/".join(parts[1:] if lang != self.default else parts).removesuffix("index.html").rstrip("/") or "index"
        return f"{self.docs.relative_to(self.root).as_posix()}/{lang}/{stem.removesuffix('.html')}.md"

    def name(self, path):
        return repo_name(path, self.root)

    def nav_title(self, page):
        """The page's title in the nav, in its language (None if the nav lacks it)."""
        title = self.nav.get(self.page_name(page))
        return title and self.translations[self.language_of(page)].get(title, title)

    def nav_sections(self, lang):
        """The nav's top-level entries in order, titled in `lang`: a section with its pages, a page alone."""
        return [(self.translations[lang].get(title, title), names) for title, names in self.nav_groups]


def layout(root=ROOT):
    """The layout of the project at `root` (a copy of the project has its own), read again when its mkdocs.yml
    changes: `mkdocs serve` rebuilds with an edited nav in the same process."""
    return _layout(root, (root / "mkdocs.yml").stat().st_mtime_ns)


@cache
def _layout(root, mtime_ns):
    return Layout(root=root, **layout_settings(root))
