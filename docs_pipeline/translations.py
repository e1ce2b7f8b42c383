"""The English pages translate the Chinese ones: structural parity and staleness by content.

Each docs/en page records in its front matter (`translated_from:`) a hash of the whole docs/zh page
it translates; when the Chinese page changes, the English one is stale until someone brings it
along and marks it again (./dev translations, CONTRIBUTING.md "Translations").
"""

import difflib
import hashlib
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from .outputs import diff
from .pages import FRONT_MATTER, front_matter_entry, set_front_matter, structure
from .site import ROOT, Layout, layout
from .site import repo_name as _name

KEY = "translated_from"
MARK = front_matter_entry(KEY)
OWN = front_matter_entry("outputs_read")  # each page's own mark (docs_pipeline/outputs.py), not translated


def content_hash(page: Path | bytes) -> str:
    """What a translation records: the hash of the whole source file, as bytes, less its own marks."""
    text = (page if isinstance(page, bytes) else page.read_bytes()).decode("utf-8")
    text = FRONT_MATTER.sub(lambda front: OWN.sub("", front.group(0)), text)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def recorded_hash(page: Path) -> str | None:
    front = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    mark = MARK.search(front.group(0)) if front else None
    return mark.group(0).partition(":")[2].strip() if mark else None


# ------------------------------------------------------------------ staleness


@dataclass
class Stale:
    translation: Path
    source: Path
    recorded: str | None
    current: str

    def __str__(self) -> str:
        en, zh = _name(self.translation), _name(self.source)
        if self.recorded is None:
            why = (
                f"{en} records no `{KEY}:` hash of {zh} in its front matter, so nothing says which version of {zh} it translates."
            )
        else:
            why = (
                f"{en} is stale: it translates an older {zh} ({KEY}: {self.recorded}; "
                f"{zh} now hashes to {self.current}). Bring {en} in line with the changes to {zh}."
            )
        return f"{why}\n  After reviewing it: ./dev translations mark {en}"


def translations(site: Layout) -> list[Path]:
    """The pages of every language but the default one, which is the source they translate."""
    return [page for lang in site.languages[1:] for page in site.pages(lang)]


def stale(site: Layout | None = None) -> list[Stale]:
    site, found = site or layout(), []
    for translation in translations(site):
        source = site.counterpart(translation, site.default)
        if source.exists():  # a page in one language only is the parity check's to report
            current, recorded = content_hash(source), recorded_hash(translation)
            if recorded != current:
                found.append(Stale(translation, source, recorded, current))
    return found


def mark(translation: Path, site: Layout | None = None) -> bool:
    """Record the current hash of the source in the translation's front matter; True if it changed."""
    site = site or layout()
    source = site.counterpart(translation, site.default)
    if not source.exists():
        raise FileNotFoundError(f"{_name(translation)} has no source page {_name(source)}")
    return set_front_matter(translation, KEY, content_hash(source))


def _old_source(item: Stale) -> tuple[str, str] | None:
    """The git revision of the source that the translation was made from, and its text, if git has it."""
    path = _name(item.source)
    if not item.recorded:
        return None
    try:
        git = {"cwd": ROOT, "capture_output": True, "check": True, "timeout": 60}
        for rev in subprocess.run(["git", "log", "--format=%H", "--", path], text=True, **git).stdout.split():
            old = subprocess.run(["git", "show", f"{rev}:{path}"], **git).stdout
            if content_hash(old) == item.recorded:
                return rev[:10], old.decode("utf-8")
    except (OSError, subprocess.CalledProcessError, UnicodeDecodeError):
        pass
    return None


# ------------------------------------------------------------------ structural parity


def missing_counterparts() -> list[str]:
    site = layout()
    return [
        f"{_name(page)} has no counterpart {_name(site.counterpart(page))}: every page exists in both languages"
        for page in site.pages()
        if not site.counterpart(page).exists()
    ]


def parity_problems(source: Path, translation: Path) -> list[str]:
    zh, en, problems = structure(source), structure(translation), []
    for what in (what for what in zh if zh[what] != en[what]):
        changes = difflib.unified_diff([str(x) for x in zh[what]], [str(x) for x in en[what]], "zh", "en", n=1, lineterm="")
        problems.append(
            f"{_name(translation)} vs {_name(source)}: {what} differ (zh {len(zh[what])}, en {len(en[what])}):\n    "
            + "\n    ".join(list(changes)[2:])
        )
    return problems


# ------------------------------------------------------------------ command line


def _resolve(arg: str, site: Layout) -> list[Path]:
    """The translations a page names: itself, or every translation of a source page."""
    path = Path(arg).resolve()
    found = (
        [site.counterpart(path, lang) for lang in site.languages[1:]] if path.is_relative_to(site.docs / site.default) else [path]
    )
    if not set(found) <= set(translations(site)):
        raise SystemExit(f"not a translated page under docs/: {arg}")
    return found


def _list_stale() -> int:
    found = stale()
    for item in found:
        print(item)
        if old := _old_source(item):
            rev, text = old
            source = _name(item.source)
            print(f"  {source} changed since commit {rev}:")
            now = item.source.read_text(encoding="utf-8")
            # every line indented, a blank one's context line (" ") too: the predicate is bool
            print(textwrap.indent(diff(text, now, f"{source} ({rev}, translated)", f"{source} (now)"), "    ", bool), end="")
        print()
    print(f"{len(found)} stale translation(s)" if found else "every translation is up to date")
    return 0


def main(argv: list[str]) -> int:
    if not argv:
        return _list_stale()
    if argv[0] != "mark" or len(argv) == 1:
        raise SystemExit("usage: ./dev translations [mark --all | mark docs/<lang>/<page>.md ...]")
    site = layout()
    for page in translations(site) if argv[1:] == ["--all"] else [p for a in argv[1:] for p in _resolve(a, site)]:
        changed = mark(page, site)
        source = site.counterpart(page, site.default)
        print(f"{'marked ' if changed else 'current'} {_name(page)}  ({KEY}: {content_hash(source)} = {_name(source)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
