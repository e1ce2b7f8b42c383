"""Run a snippet as the one program a reader copies, and capture what it prints.

All snippets run in this one interpreter (torch imported once); before each run the global state a
snippet can touch is put back to a fresh interpreter's, so the output equals `python snippet.py`.
"""

import contextlib
import functools
import io
import logging
import random
import sys
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

from .site import ROOT

# Two different global seeds: a snippet whose output depends on them prints random values
# without seeding itself, and the determinism check names it.
SEEDS = (1234, 98765)


class SnippetFailed(Exception):
    """The snippet raised, warned or wrote to stderr; the message names file and line."""


@dataclass(frozen=True)
class Snippet:
    path: Path

    @property
    def name(self):
        return self.path.relative_to(ROOT).as_posix()

    @property
    def output_path(self):
        return self.path.with_suffix(".out")


def stored(path):
    return path.read_text(encoding="utf-8") if path.exists() else None


def all_snippets():
    return [Snippet(p) for p in sorted((ROOT / "snippets").rglob("*.py"))]


@functools.cache
def _fresh():
    """A new interpreter's thread count and numpy print options: read before the first snippet runs."""
    import numpy
    import torch

    return torch.get_num_threads(), numpy.get_printoptions()


def reset_global_state(seed):
    """What a new interpreter would have, then one global seed (not the snippet's own). The check of a
    snippet that did not change is kept (harness.kept_verify), so a setting one snippet leaves behind
    must not reach the next one."""
    import numpy
    import torch

    threads, print_options = _fresh()
    random.seed(seed)
    numpy.random.seed(seed)
    numpy.set_printoptions(**print_options)
    torch.manual_seed(seed)
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)
    torch.set_default_device(None)
    torch.set_grad_enabled(True)
    torch.set_num_threads(threads)
    torch.set_float32_matmul_precision("highest")
    if torch.are_deterministic_algorithms_enabled() or torch.is_deterministic_algorithms_warn_only_enabled():
        torch.use_deterministic_algorithms(False)  # only when set: the call imports torch._inductor (6 s)
    torch.autograd.set_detect_anomaly(False)
    if "torch._dynamo" in sys.modules:
        sys.modules["torch._dynamo"].reset()


def _loggers():
    return [logging.getLogger(), *(lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger))]


@contextlib.contextmanager
def fresh_process(seed):
    """As a new `python` process started from the repository root: a new interpreter's global state and one
    global seed, the loggers' levels put back afterwards (a snippet may quieten a logger; the next
    snippet, like a new process, must not inherit that)."""
    reset_global_state(seed)
    levels = {lg: lg.level for lg in _loggers()}
    try:
        with contextlib.chdir(ROOT):
            yield
    finally:
        for lg in _loggers():
            lg.setLevel(levels.get(lg, logging.NOTSET))


@contextlib.contextmanager
def captured():
    """What the code run inside prints: (stdout, stderr, the warnings it emitted)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with (
        warnings.catch_warnings(record=True, action="default") as caught,
        contextlib.redirect_stdout(stdout),
        contextlib.redirect_stderr(stderr),
    ):
        yield stdout, stderr, caught


def run(snippet, seed=SEEDS[0]):
    """Execute the whole file once: (its stdout, its globals, which figures are drawn from). Raise
    SnippetFailed on anything else."""
    # As a reader runs it from the repository root: `python snippets/<page>/<name>.py`.
    # Paths in messages are then relative and the same on every machine.
    code = compile(snippet.path.read_text(encoding="utf-8"), snippet.name, "exec")
    namespace = {"__name__": "__main__", "__file__": snippet.name}
    with fresh_process(seed), captured() as (stdout, stderr, caught):
        try:
            exec(code, namespace)
        except BaseException as exc:  # SystemExit and KeyboardInterrupt from a snippet too
            frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == snippet.name]
            where = f"{snippet.name}:{frames[-1].lineno}: {frames[-1].line}" if frames else snippet.name
            raise SnippetFailed(f"{where}\n    raised {type(exc).__name__}: {exc}") from exc
    if caught:
        shown = "\n".join(f"    {w.category.__name__}: {w.message} ({Path(w.filename).name}:{w.lineno})" for w in caught)
        raise SnippetFailed(
            f"{snippet.name} emitted warnings a reader would see on stderr:\n{shown}\n"
            "Catch them in the snippet and print them, or remove their cause."
        )
    if stderr.getvalue():
        raise SnippetFailed(f"{snippet.name} wrote to stderr:\n{stderr.getvalue()}")
    return stdout.getvalue(), namespace
