"""What a snippet's run produces, stored beside it (`.out`, `.<variable>.svg`, and while a page asks
for them `.values.json` and `.steps.json`): verified against a fresh run, or rewritten from one.

`./dev outputs` records under SEEDS[0] and again under SEEDS[1] to refuse unseeded randomness (and, for a
stepped program, runs it once more without tracing: recording its steps must not change what it prints);
verification runs under SEEDS[1], and only when that differs from the stored files again under SEEDS[0],
to tell unseeded randomness from drift: a diff always shows the recording seed's run, what `./dev outputs`
would store. Every recording refuses what the CPU can flip (`flippable`).
The `outputs_read:` marks are CONTRIBUTING.md's "Update outputs".
"""

import ast
import difflib
import functools
import re
import sys
from pathlib import Path

import click

from .graphs import render_svg
from .pages import parse, set_front_matter, split_target
from .runner import SEEDS, Snippet, SnippetFailed, all_snippets, run, stored
from .site import digest, layout, repo_name, snippet_name
from .steps import declared as stepped
from .steps import record as record_steps
from .steps import steps_path
from .values import RecordError, record_file, references, values_path

RECORD_SEED, VERIFY_SEED = SEEDS
READ = "outputs_read"

# Closeness checks whose default tolerance is relative: near zero their verdict flips with the
# last bits of a float, which depend on the CPU. Each must name both tolerances.
TOLERANCES = {"math.isclose": ("rel_tol", "abs_tol")} | dict.fromkeys(("allclose", "isclose", "assert_close"), ("rtol", "atol"))
# float32 keeps about 7 significant digits; a number shown with more is a result's last bits.
MAX_DIGITS = 6
FLOAT = re.compile(r"(?<![\w.])-?(?P<mantissa>\d+\.\d+)(?:[eE][+-]?\d+)?(?![\w.])")
HOW_TO_HOLD = "Print what no CPU can flip: a value rounded (f'{x:.4f}'), a comparison with its tolerance stated (torch.allclose(a, b, rtol=..., atol=...)) or the size of a difference, rounded, instead of a verdict (CONTRIBUTING.md: 'Outputs that hold on every machine')."


def diff(expected, actual, expected_name, actual_name):
    lines = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), expected_name, actual_name)
    return "".join(line if line.endswith("\n") else f"{line}\n\\ No newline at end\n" for line in lines)


def recording(snippet, seed):
    """Run once; every file the run determines: {path: text}. SnippetFailed when the run fails or the CPU
    could flip what it records. A stepped program's one run is the recorded one."""
    name, stem = snippet_name(snippet.path), snippet.path.stem
    output, namespace, *frames = (record_steps if name in stepped() else run)(snippet, seed)
    files = {snippet.output_path: output}
    if frames:
        files[steps_path(snippet.path)] = frames[0]
    for figure in sorted(snippet.path.parent.glob(f"{stem}.*.svg")):
        variable = figure.stem.removeprefix(f"{stem}.")
        if variable not in namespace:
            raise SnippetFailed(f"{repo_name(figure)}: {snippet.name} defines no variable {variable!r} to draw")
        try:
            files[figure] = render_svg(namespace[variable], variable, namespace, f"graph-{stem}-{variable}".replace("_", "-"))
        except (ValueError, AttributeError) as exc:
            raise SnippetFailed(f"{repo_name(figure)}: cannot draw {variable!r}: {exc}") from exc
    if quoted := references().get(name):
        try:
            files[values_path(snippet.path)] = record_file(namespace, quoted, name)
        except RecordError as exc:
            pages = sorted({p for used in quoted.values() for p in used})
            raise SnippetFailed(f"{snippet.name}: {exc} (quoted by {', '.join(pages)})") from exc
    source = snippet.path.read_text(encoding="utf-8")
    if problems := flippable(snippet.name, source, {repo_name(path): text for path, text in files.items()}):
        raise SnippetFailed("\n".join([*problems, HOW_TO_HOLD]))
    return files


def recorded(snippet, verified=None):
    """The files of a run under the recording seed; SnippetFailed when a run under the verification seed
    (`verified`, if it ran already) determines others: the program uses randomness without seeding it."""
    files = recording(snippet, RECORD_SEED)
    verified = verified or recording(snippet, VERIFY_SEED)
    if files != verified:
        paths = sorted({p for p, _ in files.items() ^ verified.items()})  # those whose text differs, or only one has
        raise SnippetFailed(
            f"{snippet.name} prints different output under different global seeds: it uses randomness without seeding it. Seed it visibly in the snippet (torch.manual_seed(0) before the random call).\n"
            + "".join(diff(files.get(p, ""), verified.get(p, ""), f"seed {RECORD_SEED}", f"seed {VERIFY_SEED}") for p in paths)
        )
    return files


def _optional(snippet):
    """Files a run writes only when a page asks for them: stored ones are checked for going stale."""
    return [p for p in (values_path(snippet.path), steps_path(snippet.path)) if p.exists()]


def flippable(name, source, files):
    """What in a program (its repository name, its source) or its recorded files ({name: text}) the CPU
    can flip, each with file and line."""
    found = []
    for node in (n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)):
        called = ast.unparse(node.func)  # torch.allclose, a.allclose, math.isclose
        func = called.rpartition(".")[2]
        wanted = TOLERANCES.get(called, TOLERANCES.get(func))
        if wanted and not set(wanted) <= {k.arg for k in node.keywords}:
            found.append(
                f"{name}:{node.lineno}: {func}() without a stated {' and '.join(wanted)}: at its default tolerance the verdict flips with the CPU for values near zero"
            )
    return found + [
        f"{path}:{n}: {m[0]} has more than {MAX_DIGITS} significant digits: its last ones are float rounding, which depends on the CPU"
        for path in sorted(p for p in files if p.endswith((".out", ".json")))
        for n, line in enumerate(files[path].splitlines(), 1)
        for m in FLOAT.finditer(line)
        if len(m["mantissa"].replace(".", "").lstrip("0")) > MAX_DIGITS
    ]


def verify(snippet):
    """None when one run under the verification seed reproduces every stored file; else what is wrong, its
    diffs from a run under the recording seed (what `./dev outputs` would store)."""
    try:
        files = recording(snippet, VERIFY_SEED)
        if not (wrong := sorted(p for p in files.keys() | _optional(snippet) if stored(p) != files.get(p))):
            return None
        recorded(snippet, files)
    except SnippetFailed as failure:
        return str(failure)
    problems = []
    for path in wrong:
        name, before, now = repo_name(path), stored(path), files.get(path)
        if before is None:
            problems.append(f"{snippet.name} has no stored {name}.")
        elif now is None:
            uses = "shows it step by step" if path == steps_path(snippet.path) else "quotes a value of it"
            problems.append(f"{name} is stored, but no page {uses} any more ({snippet.name}).")
        else:
            problems.append(f"{name} no longer matches what {snippet.name} produces:\n{diff(before, now, name, 'now')}")
    return "\n".join(problems) + f"\nIf the new result is right, record it from a real run: ./dev outputs {snippet.name}"


def rewrite(snippets):
    failed = False
    for snippet in snippets:
        try:
            files = recorded(snippet)
            if steps_path(snippet.path) in files and run(snippet, RECORD_SEED)[0] != files[snippet.output_path]:
                raise SnippetFailed(f"{snippet.name} prints something else while its steps are recorded")
        except SnippetFailed as failure:
            print(f"FAILED {failure}", file=sys.stderr)
            failed = True
            continue
        for orphan in _optional(snippet):
            if orphan not in files:
                orphan.unlink()
                print(f"removed {repo_name(orphan)} (no page asks for it)")
        for path, text in files.items():
            print(f"{'same   ' if stored(path) == text else 'rewrote'} {repo_name(path)}")
            path.write_text(text, encoding="utf-8")
    if unread := [repo_name(page) for page in layout().pages() if unread_outputs(page)]:
        print(
            f"Pages whose outputs changed since their prose was read against them; reread each, then ./dev outputs --read PAGE: {', '.join(unread)}"
        )
    return int(failed)


def shown_outputs(page):
    """{"dir/name": snippets/dir/name.out} for every output the page includes, in page order."""
    return {snippet_name(out): out for t in parse(page).includes if (out := split_target(t)[0]).suffix == ".out"}


@functools.cache
def _printed_hash(out):
    """The hash of what out's program prints now; None when it fails (its own test says why)."""
    try:
        return digest(run(Snippet(out.with_suffix(".py")), RECORD_SEED)[0].encode())
    except (SnippetFailed, OSError):
        return None


def _stored_hash(out):
    return digest(out.read_bytes()) if out.is_file() else "missing"


def unread_outputs(page):
    """A mark is checked against the stored output, and only when that differs, against what the program
    prints: a hand-edited stored output is its snippet's own failure, not its pages'."""
    name, marks, shown = repo_name(page), parse(page).meta.get(READ) or {}, shown_outputs(page)
    found = []
    for key, out in shown.items():
        if key not in marks:
            found.append(f"{name} shows {repo_name(out)} but records no {READ} mark for it")
        elif marks[key] != _stored_hash(out) and _printed_hash(out) not in (marks[key], None):
            found.append(f"{name}: {repo_name(out)} changed since the prose around it was last read against it")
    found += [f"{name} records an {READ} mark for {key}, which it does not show" for key in marks if key not in shown]
    if found:
        found.append(f"Reread what {name} says about these outputs, correct it, then: ./dev outputs --read {name}")
    return found


def mark_read(page):
    marks = {key: _stored_hash(out) for key, out in shown_outputs(page).items()}
    return bool(marks or READ in parse(page).meta) and set_front_matter(page, READ, marks)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--figure",
    multiple=True,
    metavar="SNIPPET:VARIABLE",
    help="add a figure of VARIABLE's autograd graph, then rewrite that snippet",
)
@click.option("--read", is_flag=True, help=f"after rereading the pages PATHS: record in their {READ} the outputs they show")
def main(paths, figure, read):
    """Rewrite stored outputs, figures and values from real runs.

    PATHS: snippets/<dir>/<name>.py (default: every snippet), or with --read pages."""
    if read:
        for page in paths:
            if page.suffix != ".md":
                raise click.BadParameter(f"not a page: {page}")
            print(f"{'marked ' if mark_read(page) else 'current'} {repo_name(page)}")
        return
    targets = list(paths)
    for spec in figure:
        target, _, variable = spec.rpartition(":")
        if not target.endswith(".py") or not variable:
            raise click.BadParameter("--figure takes snippets/<dir>/<name>.py:<variable>")
        Path(target).with_suffix(f".{variable}.svg").touch()  # drawn by the rewrite below
        targets.append(Path(target))
    chosen = [Snippet(p.resolve()) for p in dict.fromkeys(targets)] if targets else all_snippets()
    if missing := [s.name for s in chosen if not s.path.is_file() or s.path.suffix != ".py"]:
        raise click.BadParameter(f"not a snippet file: {', '.join(missing)}")
    sys.exit(rewrite(chosen))


if __name__ == "__main__":
    main(prog_name="./dev outputs")
