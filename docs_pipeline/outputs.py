"""What a snippet's run produces, stored beside it: verified against a fresh run, or rewritten from one.

A snippet `<name>.py` stores
  `<name>.out`              what it prints;
  `<name>.<variable>.svg`   figures: the autograd graph of that variable after the program ran;
  `<name>.values.json`      the values the pages quote from it (docs_pipeline/values.py);
  `<name>.steps.json`       its stepped figure's frames, when a page calls steps() on it (docs_pipeline/steps.py).

`./dev outputs` records under one global seed (SEEDS[0]) and runs twice to refuse unseeded
randomness; verification runs once under another seed (SEEDS[1]): a program whose output depends
on the global seed then differs from its record, and a second run under the recording seed tells
that apart from drift.

    python -m docs_pipeline.outputs [SNIPPET ...]              rewrite (all snippets when none named)
    python -m docs_pipeline.outputs --figure SNIPPET:VARIABLE  add a figure, then rewrite
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from .graphs import render_svg
from .runner import ROOT, SEEDS, Snippet, SnippetFailed, all_snippets, run_for_namespace
from .steps import declared as stepped
from .steps import record as record_steps
from .steps import steps_path
from .values import RecordError, dumps, record_all, references, values_path

RECORD_SEED, VERIFY_SEED = SEEDS


def _diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True), expected_name, actual_name)
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end\n" for line in lines)


def figure_paths(snippet: Snippet) -> list[Path]:
    return sorted(snippet.path.parent.glob(f"{snippet.path.stem}.*.svg"))


def _draw(snippet: Snippet, figure: Path, namespace: dict) -> str:
    name = figure.relative_to(ROOT).as_posix()
    variable = figure.name[len(snippet.path.stem) + 1 : -len(".svg")]
    if variable not in namespace:
        raise SnippetFailed(f"{name}: {snippet.name} defines no variable {variable!r} to draw")
    try:
        figure_id = f"graph-{snippet.path.stem}-{variable}".replace("_", "-")
        return render_svg(namespace[variable], variable, namespace, figure_id)
    except (ValueError, AttributeError) as exc:
        raise SnippetFailed(f"{name}: cannot draw {variable!r}: {exc}") from exc


def _snippet_key(snippet: Snippet) -> str:
    """ "how_it_works/grad_basics", as pages name it in value()."""
    return snippet.path.relative_to(ROOT / "snippets").with_suffix("").as_posix()


def recording(snippet: Snippet, seed: int) -> dict[Path, str]:
    """Run once; every file the run determines: {path: text}. The values file only when pages quote it,
    the steps file only when a page shows the program step by step (then the one run is the recorded one)."""
    if _snippet_key(snippet) in stepped():
        output, namespace, frames = record_steps(snippet, seed)
        files = {snippet.output_path: output, steps_path(snippet.path): frames}
    else:
        output, namespace = run_for_namespace(snippet, seed)
        files = {snippet.output_path: output}
    files.update((figure, _draw(snippet, figure, namespace)) for figure in figure_paths(snippet))
    quoted = references().get(_snippet_key(snippet), {})
    if quoted:
        try:
            files[values_path(snippet.path)] = dumps(record_all(namespace, quoted, _snippet_key(snippet)))
        except RecordError as exc:
            pages = sorted({p for used in quoted.values() for p in used})
            raise SnippetFailed(f"{snippet.name}: {exc} (quoted by {', '.join(pages)})") from exc
    return files


def _stored(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


def _optional(snippet: Snippet) -> list[Path]:
    """Files a run writes only when a page asks for them: stored ones are checked for going stale."""
    return [p for p in (values_path(snippet.path), steps_path(snippet.path)) if p.exists()]


def _mismatches(files: dict[Path, str], snippet: Snippet) -> list[Path]:
    wanted = set(files) | set(_optional(snippet))
    return sorted(path for path in wanted if _stored(path) != files.get(path))


def verify(snippet: Snippet) -> str | None:
    """None when one run under the verification seed reproduces every stored file; else what is wrong."""
    try:
        files = recording(snippet, VERIFY_SEED)
        wrong = _mismatches(files, snippet)
        if wrong and not _mismatches(recording(snippet, RECORD_SEED), snippet):
            return (
                f"{snippet.name} prints different output under different global seeds: it uses randomness "
                "without seeding it. Seed it visibly in the snippet (torch.manual_seed(0) before the random call).\n"
                + "".join(_diff(_stored(p) or "", files.get(p, ""), f"seed {RECORD_SEED}", f"seed {VERIFY_SEED}") for p in wrong)
            )
    except SnippetFailed as failure:
        return str(failure)
    if not wrong:
        return None
    problems = []
    for path in wrong:
        name = path.relative_to(ROOT).as_posix()
        stored, now = _stored(path), files.get(path)
        if stored is None:
            problems.append(f"{snippet.name} has no stored {name}.")
        elif now is None:
            uses = "shows it step by step" if path == steps_path(snippet.path) else "quotes a value of it"
            problems.append(f"{name} is stored, but no page {uses} any more ({snippet.name}).")
        else:
            problems.append(f"{name} no longer matches what {snippet.name} produces:\n" + _diff(stored, now, name, "now"))
    return "\n".join(problems) + f"\nIf the new result is right, record it from a real run: ./dev outputs {snippet.name}"


def rewrite(snippets: list[Snippet]) -> int:
    failed = 0
    for snippet in snippets:
        try:
            files = recording(snippet, RECORD_SEED)
            again = recording(snippet, VERIFY_SEED)
            if again != files:
                changed = [p.relative_to(ROOT).as_posix() for p in files if files[p] != again.get(p)]
                raise SnippetFailed(
                    f"{snippet.name} prints different output under different global seeds ({', '.join(changed)}): "
                    "it uses randomness without seeding it. Seed it visibly (torch.manual_seed(0))."
                )
        except SnippetFailed as failure:
            print(f"FAILED {failure}", file=sys.stderr)
            failed += 1
            continue
        for orphan in _optional(snippet):
            if orphan not in files:
                orphan.unlink()
                print(f"removed {orphan.relative_to(ROOT).as_posix()} (no page asks for it)")
        for path, text in files.items():
            changed = _stored(path) != text
            path.write_text(text, encoding="utf-8")
            print(f"{'rewrote' if changed else 'same   '} {path.relative_to(ROOT).as_posix()}")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="./dev outputs", description="Rewrite stored outputs, figures and values from real runs."
    )
    parser.add_argument("snippets", nargs="*", type=Path, help="snippets/<dir>/<name>.py (default: every snippet)")
    parser.add_argument(
        "--figure",
        action="append",
        default=[],
        metavar="SNIPPET:VARIABLE",
        help="add a figure of VARIABLE's autograd graph, then rewrite that snippet",
    )
    args = parser.parse_args(argv)
    targets = list(args.snippets)
    for spec in args.figure:
        target, _, variable = spec.rpartition(":")
        if not target.endswith(".py") or not variable:
            parser.error("--figure takes snippets/<dir>/<name>.py:<variable>")
        Path(target).with_suffix(f".{variable}.svg").touch()  # drawn by the rewrite below
        targets.append(Path(target))
    chosen = [Snippet(p.resolve()) for p in dict.fromkeys(targets)] if targets else all_snippets()
    missing = [s.name for s in chosen if not s.path.is_file() or s.path.suffix != ".py"]
    if missing:
        parser.error(f"not a snippet file: {', '.join(missing)}")
    return rewrite(chosen)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
