"""The English pages translate the Chinese ones: structural parity and staleness by content.

Each docs/en page records in its front matter (`translated_from:`) a hash of the whole docs/zh page
it translates; when the Chinese page changes, the English one is stale until someone brings it
along and marks it again (./dev translations, CONTRIBUTING.md "Translations"; docs_pipeline/housekeeping.py).
"""

import difflib
import subprocess
import textwrap
from dataclasses import dataclass
from pathlib import Path

from .outputs import diff
from .pages import FRONT_MATTER, front_matter_entry, structure
from .site import ROOT, digest, layout, repo_name

KEY = "translated_from"
MARK = front_matter_entry(KEY)
OWN = front_matter_entry("outputs_read")  # each page's own mark (docs_pipeline/outputs.py), not translated


def content_hash(page):
    """What a translation records: the hash of the whole source file (a path, or the file's bytes), as bytes,
    less its own marks."""
    text = (page if isinstance(page, bytes) else page.read_bytes()).decode()
    return digest(FRONT_MATTER.sub(lambda front: OWN.sub("", front[0]), text).encode())


def recorded_hash(page):
    """The hash the translation's front matter records, or None."""
    front = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    mark = front and MARK.search(front[0])
    return mark[0].partition(":")[2].strip() if mark else None


# ------------------------------------------------------------------ staleness


@dataclass
class Stale:
    translation: Path
    source: Path
    recorded: str | None
    current: str

    def __str__(self):
        en, zh = repo_name(self.translation), repo_name(self.source)
        why = (
            f"{en} records no `{KEY}:` hash of {zh} in its front matter, so nothing says which version of {zh} it translates."
            if self.recorded is None
            else f"{en} is stale: it translates an older {zh} ({KEY}: {self.recorded}; "
            f"{zh} now hashes to {self.current}). Bring {en} in line with the changes to {zh}."
        )
        return f"{why}\n  After reviewing it: ./dev translations mark {en}"


def translations(site):
    """The pages of every language but the default one, which is the source they translate."""
    return [page for lang in site.languages[1:] for page in site.pages(lang)]


def stale():
    site = layout()
    checked = (
        Stale(page, source, recorded_hash(page), content_hash(source))
        for page in translations(site)
        if (source := site.counterpart(page, site.default)).exists()  # a page in one language only: the parity check's
    )
    return [item for item in checked if item.recorded != item.current]


def changes(item):
    """What changed in the source since the version the translation was made from, if git has that version
    (else "")."""
    path, git = repo_name(item.source), {"cwd": ROOT, "capture_output": True, "timeout": 60}
    try:
        for rev in subprocess.run(["git", "log", "--format=%H", "--", path], text=True, **git).stdout.split():
            old = subprocess.run(["git", "show", f"{rev}:{path}"], **git).stdout
            if content_hash(old) == item.recorded:
                now = item.source.read_text(encoding="utf-8")
                changed = diff(old.decode(), now, f"{path} ({rev[:10]}, translated)", f"{path} (now)")
                # every line indented, a blank one's context line (" ") too: the predicate is bool
                return f"  {path} changed since commit {rev[:10]}:\n{textwrap.indent(changed, '    ', bool)}"
    except (OSError, UnicodeDecodeError):  # no git, or a revision that is not text
        pass
    return ""


# ------------------------------------------------------------------ structural parity


def missing_counterparts():
    site = layout()
    return [
        f"{repo_name(page)} has no counterpart {repo_name(site.counterpart(page))}: every page exists in both languages"
        for page in site.pages()
        if not site.counterpart(page).exists()
    ]


def parity_problems(source, translation):
    zh, en = structure(source), structure(translation)
    return [
        f"{repo_name(translation)} vs {repo_name(source)}: {what} differ (zh {len(zh[what])}, en {len(en[what])}):\n    "
        + "\n    ".join(list(difflib.unified_diff(list(map(str, zh[what])), list(map(str, en[what])), n=1, lineterm=""))[2:])
        for what in zh
        if zh[what] != en[what]
    ]
