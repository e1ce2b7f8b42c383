"""The error index (error-index.md, in Reference): each message it names is real text of an output shown
in the section it links to, each is a link target (a heading of the page or an anchor in its row), each
entry on the page shows the failing code and the fix, every error or warning message an output on the
site shows has a row, and both languages index the same messages."""

import re

from docs_pipeline.outputs import shown_outputs
from docs_pipeline.pages import parse, split_target
from tests.helpers import EACH_LANGUAGE, SITE, fail_if, fails_listing, read

PAGE = "error-index.md"
# A row whose link text starts with a code span names a message (a lone code span: its text); other rows
# name a symptom.
ROW = re.compile(
    r'^\|\s*(?:<span id="(?P<id>[\w-]+)"></span>)?\[(?:`(?P<code>[^`]+)`|(?P<text>`.+?))\]'
    r"\((?P<path>[^)#\s]*)#?(?P<anchor>[^)\s]*)\)\s*\|"
)
SHOWN = re.compile(r"\b(?:\w*(?:Error|Warning)|Unsupported): .*")  # a message as an output prints it


def _flat(text):
    return " ".join(text.split())


def index(lang):
    """(message, page, anchor, its own anchor on the index page) for each message row of the page's tables."""
    page = SITE.docs / lang / PAGE
    return [
        (
            r["code"] or r["text"],
            (page.parent / (r["path"] or page.name)).resolve(),
            r["anchor"],
            r["id"] or r["anchor"] * (not r["path"]),
        )
        for r in map(ROW.match, read(page).splitlines())
        if r
    ]


def sections(parsed, anchor):
    """(start, end) lines of the section under the heading `anchor`, then of each section holding it, outwards."""
    found = [h.line for h in parsed.headings if h.id == anchor]
    assert found, f"{SITE.name(parsed.path)} has no heading {{ #{anchor} }}"
    return [s for s in map(parsed.section, reversed(parsed.headings)) if s[0] <= found[0] < s[1]]


def included(parsed, section):
    return [split_target(t)[0] for b in parsed.blocks if section[0] < b.line < section[1] for t in b.includes]


def outputs_under(page, anchor):
    """The outputs shown in the section `anchor` of `page`, or else in the nearest section that holds it."""
    parsed = parse(page)
    for section in sections(parsed, anchor):
        if outs := [p for p in included(parsed, section) if p.suffix == ".out"]:
            return _flat("\n".join(read(p) for p in outs))
    return ""


@EACH_LANGUAGE
def test_each_indexed_message_is_in_the_output_it_links_to(lang):
    rows = index(lang)
    assert len(rows) > 40, f"docs/{lang}/{PAGE}: the error index has only {len(rows)} message rows"
    fail_if(
        (f"  {m!r} -> {SITE.name(p)}#{a}" for m, p, a, _ in rows if _flat(m) not in outputs_under(p, a)),
        "indexed messages not in any output of the section they link to:",
    )
    unnamed = [m for m, *_, own in rows if not own]
    assert not unnamed, f"messages with no anchor on docs/{lang}/{PAGE} (<span id=...> in the row): {unnamed}"
    owns = [own for *_, own in rows]
    assert len(set(owns)) == len(owns), f"docs/{lang}/{PAGE}: an anchor used twice in the index: {owns}"


@EACH_LANGUAGE
@fails_listing
def test_each_entry_shows_the_failing_code_and_the_fix(lang):
    """An entry on the index page (a row that links into the page itself) shows at least two programs,
    each with its output: the code that fails, and the code that works."""
    parsed = parse(SITE.docs / lang / PAGE)
    for anchor in dict.fromkeys(a for _, p, a, _ in index(lang) if p == parsed.path):
        shown = included(parsed, sections(parsed, anchor)[0])
        if len(programs := {p for p in shown if p.suffix == ".py" and p.with_suffix(".out") in shown}) < 2:
            yield f"docs/{lang}/{PAGE}#{anchor}: {len(programs)} program(s) with their output; an entry shows the failing code and the fix"


def test_every_message_the_site_shows_is_indexed():
    keys = {_flat(m) for m, *_ in index(SITE.default)}  # the other language's: test_both_languages_index_the_same_messages
    unindexed = {
        f"  {SITE.name(out)}: {message}"
        for page in SITE.pages()
        for out in shown_outputs(page).values()
        for message in map(_flat, SHOWN.findall(read(out)))
        if not any(k in message for k in keys)
    }
    fail_if(
        sorted(unindexed),
        f"messages shown on the site with no row in the error index ({PAGE}):",
    )


def test_both_languages_index_the_same_messages():
    zh, en = ([(m, SITE.page_name(p), a, own) for m, p, a, own in index(lang)] for lang in ("zh", "en"))
    assert zh == en, f"docs/zh/{PAGE} and docs/en/{PAGE} index different messages, targets or anchors"
