"""Sybil wiring: every file under snippets/ is one example, run whole and checked; and what a kept pass depends
on, a snippet's (run_context, run_inputs) or a slow test's (project_context)."""

import ast
import functools
import importlib.metadata
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

from sybil import Document, Region, Sybil

from .outputs import verify
from .runner import ROOT, Snippet
from .site import digest, kept, load, program_of, snippet_files, snippet_name, store
from .steps import declared
from .values import references

TORCH_SETTINGS = ("ATEN_", "OMP_", "MKL_", "TORCH", "PYTORCH")  # the prefixes of what torch reads from the environment


def _digests(paths):
    return {p.relative_to(ROOT).as_posix(): digest(p.read_bytes(), 64) for p in sorted(paths)}


def _settings(named=()):
    """The settings torch reads from the environment, and those `named`."""
    return sorted((k, v) for k, v in os.environ.items() if k in named or k.startswith(TORCH_SETTINGS))


@functools.cache
def run_context():
    """What every snippet's run depends on: torch, Python and its flags, the pins, the settings torch reads
    from the environment, the code that runs and records a snippet (outputs.py and the modules of this
    package it imports, transitively), and any other file under snippets/ (a snippet could read one).
    Not the CPU: outputs hold on every CPU (outputs.flippable); the weekly run checks that they do."""
    import torch

    modules, todo = set(), ["outputs"]
    while todo:
        module = ROOT / "docs_pipeline" / f"{todo.pop()}.py"
        if module not in modules:
            modules.add(module)
            tree = ast.parse(module.read_text(encoding="utf-8"))
            todo += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1]
    return [
        torch.__version__,
        [platform.python_version(), tuple(sys.flags)],  # -O drops the rule checks' asserts
        _settings(),
        _digests(modules),
        (ROOT / "constraints.txt").read_text(encoding="utf-8"),  # the pins
        _digests(p for p in snippet_files(ROOT) if not program_of(p).is_file()),
    ]


def project_context():
    """What a slow tier's test (conftest.py) depends on besides the browser and Node it drives: every file of the
    project (git's tracked and untracked files, not the ignored), by path and content; the installed packages,
    Python, and the settings mkdocs.yml and torch read from the environment. None where git lists no file here
    (not a git checkout, or one that ignores this folder)."""
    # safe.directory: CI's container runs as root in a checkout another user owns
    git = ["git", "-c", f"safe.directory={ROOT}", "ls-files", "-z", "-co", "--exclude-standard"]
    listed = subprocess.run(git, cwd=ROOT, capture_output=True) if shutil.which("git") else None
    names = sorted(filter(None, os.fsdecode(listed.stdout).split("\0"))) if listed and not listed.returncode else []
    if not names:
        return None
    settings = re.findall(r"!ENV \[(\w+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"))  # what the build reads
    return [
        _digests(ROOT / name for name in names if (ROOT / name).is_file()),
        sorted(f"{d.name}=={d.version}" for d in importlib.metadata.distributions()),
        sys.version,
        _settings(settings),
    ]


@functools.cache
def _used_by_pages():
    return references(), declared()


def run_inputs(snippet):
    """What one snippet's recording depends on besides run_context(): the snippet and every file stored
    beside it, by path (a stepped program's frames name it), and what the pages quote of it or step through."""
    name = snippet_name(snippet.path)
    return [_digests(snippet.path.parent.glob(f"{snippet.path.stem}.*")), *(used.get(name) for used in _used_by_pages())]


def kept_verify(snippet):
    """verify(snippet), kept in the project's cache folder after a pass while its run_inputs() and
    run_context() are unchanged; a failure runs every time."""
    entry = kept("snippets", [run_context(), run_inputs(snippet)])
    if load(entry) is None:
        if problem := verify(snippet):
            return problem
        store(entry, "{}")
    return None


def snippet_sybil(fixtures=()):
    """Every snippet one example; its test sets up `fixtures` (pytest's autouse ones it does not)."""

    def whole_file(document):  # one region: the reader copies and runs all of it
        snippet = Snippet(Path(document.path))
        yield Region(0, len(document.text), parsed=snippet, evaluator=lambda example: kept_verify(snippet))

    return Sybil(
        parsers=[whole_file],
        path=f"{ROOT}/snippets",
        pattern="*.py",  # PurePath.match: "*.py" matches at any depth, "**/*.py" does not
        document_types={".py": Document},  # a plain Document: sybil's default for .py would read docstrings only
        fixtures=fixtures,
        name="snippets",
    )
