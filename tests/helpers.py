"""What the tests share besides fixtures: the site's layout, a tiny project made with this checkout's pipeline and mkdocs.yml
(for tests that break it, and the authors' commands run in it), the strict build, one failure listing every problem."""

import functools
import os
import shutil
import subprocess
import sys

import pytest

from docs_pipeline.site import ROOT, layout

SITE = layout()  # this checkout's pages, languages and addresses
EACH_LANGUAGE = pytest.mark.parametrize("lang", SITE.languages)

# What a tiny project takes from this checkout; the snippets, pages and nav are its own.
PIPELINE = (
    "docs_pipeline",
    "overrides",
    "conftest.py",
    "pyproject.toml",
    "constraints.txt",
    "dev",
    "tests/helpers.py",
    "tests/site_loads.py",
    "tests/site_server.py",
)


def tiny_project(dest, files):
    """A project of its own in dest: this checkout's pipeline, templates, test wiring, `./dev` (its .venv
    linked) and mkdocs.yml with a nav of its pages, and `files` ({path: text}: its pages and snippets)."""
    for name in PIPELINE:
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, dest / name)
    (dest / ".venv").symlink_to((ROOT / ".venv").resolve())  # ./dev finds it installed
    pages = sorted({name.split("/", 2)[2] for name in files if name.startswith("docs/")})
    nav = "".join(f"  - {page.removesuffix('.md')}: {page}\n" for page in pages)
    write(dest, {**files, "mkdocs.yml": read(ROOT / "mkdocs.yml").partition("\nnav:\n")[0] + f"\nnav:\n{nav}"})
    return dest


def read(path):
    """The text of the file at `path`."""
    return path.read_text(encoding="utf-8")


def write(dest, files):
    """Each of `files` ({path: text}) written under dest."""
    for name, text in files.items():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_text(text, encoding="utf-8")


def run_in(cwd, command, timeout=600, **env):
    """`command` run in `cwd`, `env` added to this process's environment: its CompletedProcess, output as text."""
    return subprocess.run(command, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout)


def dev(project, *args):
    """`./dev ARGS` run in `project` as an author runs it: its exit code and what it said."""
    result = run_in(project, ["./dev", *args])
    return result.returncode, result.stdout + result.stderr


def fail_if(problems, *heading):
    """One failure listing every problem (each names its file), under `heading` if one is given, without a
    traceback; `problems`: any iterable."""
    if problems := list(problems):
        pytest.fail("\n".join([*heading, *problems]), pytrace=False)


def fails_listing(test):
    """`test`, written as a generator of problems (each naming its file), run as a test that fails once,
    listing every one (fail_if)."""

    @functools.wraps(test)
    def run(**fixtures):  # pytest passes a test's arguments by name
        fail_if(test(**fixtures))

    return run


# The snippet tests, as `./dev test` runs them: python's arguments
SNIPPET_TESTS = ("-m", "pytest", "-q", "--no-header", "-p", "no:cacheprovider", "snippets")


def python(project, env, *args):
    """`python ARGS` (this one) run in `project`, `env` added to this process's environment."""
    return run_in(project, [sys.executable, *args], 3600, **env)


def start_build(project, site, env):
    """`mkdocs build --strict` of `project` into `site`, started (`env` added to this process's)."""
    return subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", site],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(build):
    out, err = build.communicate(timeout=1200)
    return subprocess.CompletedProcess(build.args, build.returncode, out, err)
