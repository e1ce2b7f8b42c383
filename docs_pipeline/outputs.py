"""Stored outputs: verify them against real runs, or rewrite them from real runs.

    python -m docs_pipeline.outputs [SNIPPET ...]   rewrite (all when none named)
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from .runner import ROOT, SEEDS, Snippet, SnippetFailed, all_snippets, run


def _diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        expected_name, actual_name,
    )
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end\n" for line in lines)
    return text


def deterministic_output(snippet: Snippet) -> str:
    """Run twice under different global seeds; the output must not depend on them."""
    first = run(snippet, SEEDS[0])
    second = run(snippet, SEEDS[1])
    if first != second:
        raise SnippetFailed(
            f"{snippet.name} prints different output under different global seeds: it uses "
            "randomness without seeding it. Seed it visibly in the snippet "
            "(torch.manual_seed(0) before the random call).\n"
            + _diff(first, second, f"seed {SEEDS[0]}", f"seed {SEEDS[1]}")
        )
    return first


def verify(snippet: Snippet) -> str | None:
    """None when the snippet runs cleanly and prints its stored output; else what is wrong."""
    try:
        actual = deterministic_output(snippet)
    except SnippetFailed as failure:
        return str(failure)
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
            actual = deterministic_output(snippet)
        except SnippetFailed as failure:
            print(f"FAILED {failure}", file=sys.stderr)
            failed += 1
            continue
        changed = snippet.stored_output != actual
        snippet.output_path.write_text(actual, encoding="utf-8")
        print(f"{'rewrote' if changed else 'same   '} {snippet.output_path.relative_to(ROOT).as_posix()}")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv:
        chosen = [Snippet(Path(a).resolve()) for a in argv]
        missing = [s.name for s in chosen if not s.path.is_file() or s.path.suffix != ".py"]
        if missing:
            print(f"not a snippet file: {', '.join(missing)}", file=sys.stderr)
            return 2
    else:
        chosen = all_snippets()
    return rewrite(chosen)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
