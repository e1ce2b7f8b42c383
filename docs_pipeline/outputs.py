"""Stored outputs and figures: verify them against real runs, or rewrite them from real runs.

A snippet `<name>.py` has its printed output in `<name>.out` and, optionally, figures
`<name>.<variable>.svg`: the autograd graph of that variable after the program ran.

    python -m docs_pipeline.outputs [SNIPPET ...]            rewrite (all snippets when none named)
    python -m docs_pipeline.outputs --figure SNIPPET:VARIABLE  add a figure, then rewrite
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from .graphs import render_svg
from .runner import ROOT, SEEDS, Snippet, SnippetFailed, all_snippets, run, run_for_namespace


def _diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        expected_name, actual_name,
    )
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end\n" for line in lines)
    return text


def figure_paths(snippet: Snippet) -> list[Path]:
    return sorted(snippet.path.parent.glob(f"{snippet.path.stem}.*.svg"))


def draw(snippet: Snippet, figure: Path, namespace: dict) -> str:
    variable = figure.name[len(snippet.path.stem) + 1 : -len(".svg")]
    if variable not in namespace:
        raise SnippetFailed(f"{figure.relative_to(ROOT).as_posix()}: {snippet.name} defines no variable {variable!r} to draw")
    try:
        return render_svg(namespace[variable], variable, namespace, f"graph-{snippet.path.stem}-{variable}".replace("_", "-"))
    except (ValueError, AttributeError) as exc:
        raise SnippetFailed(f"{figure.relative_to(ROOT).as_posix()}: cannot draw {variable!r}: {exc}") from exc


def deterministic_output(snippet: Snippet) -> tuple[str, dict]:
    """Run twice under different global seeds; the output must not depend on them.

    Returns the output and the globals of the first run (figures are drawn from them)."""
    first, namespace = run_for_namespace(snippet, SEEDS[0])
    second = run(snippet, SEEDS[1])
    if first != second:
        raise SnippetFailed(
            f"{snippet.name} prints different output under different global seeds: it uses "
            "randomness without seeding it. Seed it visibly in the snippet "
            "(torch.manual_seed(0) before the random call).\n"
            + _diff(first, second, f"seed {SEEDS[0]}", f"seed {SEEDS[1]}")
        )
    return first, namespace


def verify(snippet: Snippet) -> str | None:
    """None when the snippet runs cleanly and prints its stored output; else what is wrong."""
    try:
        actual, namespace = deterministic_output(snippet)
        figures = {figure: draw(snippet, figure, namespace) for figure in figure_paths(snippet)}
    except SnippetFailed as failure:
        return str(failure)
    for figure, svg in figures.items():
        stored_svg = figure.read_text(encoding="utf-8")
        if stored_svg != svg:
            name = figure.relative_to(ROOT).as_posix()
            return (
                f"{name} no longer matches the graph torch builds for {snippet.name}:\n"
                + _diff(stored_svg, svg, name, "drawn now")
                + f"If the new graph is right, redraw it from a real run: ./dev outputs {snippet.name}"
            )
    out_name = snippet.output_path.relative_to(ROOT).as_posix()
    stored = snippet.stored_output
    if stored is None:
        return f"{snippet.name} has no stored output {out_name}. Write it from a real run: ./dev outputs {snippet.name}"
    if stored != actual:
        return (
            f"{out_name} no longer matches what {snippet.name} prints:\n"
            + _diff(stored, actual, out_name, f"{snippet.name} (printed now)")
            + f"If the new output is right, rewrite it from a real run: ./dev outputs {snippet.name}"
        )
    return None


def rewrite(snippets: list[Snippet]) -> int:
    failed = 0
    for snippet in snippets:
        try:
            actual, namespace = deterministic_output(snippet)
            written = {snippet.output_path: actual}
            written.update((figure, draw(snippet, figure, namespace)) for figure in figure_paths(snippet))
        except SnippetFailed as failure:
            print(f"FAILED {failure}", file=sys.stderr)
            failed += 1
            continue
        for path, text in written.items():
            changed = not path.exists() or path.read_text(encoding="utf-8") != text
            path.write_text(text, encoding="utf-8")
            print(f"{'rewrote' if changed else 'same   '} {path.relative_to(ROOT).as_posix()}")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    while "--figure" in argv:
        at = argv.index("--figure")
        target, _, variable = (argv[at + 1] if at + 1 < len(argv) else "").rpartition(":")
        if not target.endswith(".py") or not variable:
            print("usage: --figure snippets/<dir>/<name>.py:<variable>", file=sys.stderr)
            return 2
        Path(target).with_suffix(f".{variable}.svg").touch()  # drawn by the rewrite below
        argv = argv[:at] + [target] + argv[at + 2 :]
    if argv:
        chosen = [Snippet(Path(a).resolve()) for a in dict.fromkeys(argv)]
        missing = [s.name for s in chosen if not s.path.is_file() or s.path.suffix != ".py"]
        if missing:
            print(f"not a snippet file: {', '.join(missing)}", file=sys.stderr)
            return 2
    else:
        chosen = all_snippets()
    return rewrite(chosen)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
