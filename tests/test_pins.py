"""Installs are reproducible: .venv holds exactly what constraints.txt pins, and every requirement of what it
holds is met (pyproject.toml's pins too), as uv checks them. On Linux a line only macOS installs is skipped by
its marker; on macOS, a package only macOS installs that constraints.txt lacks fails here, named."""

import json
import sys
import tomllib
from pathlib import Path

from docs_pipeline.site import ROOT
from tests.helpers import fail_if, read, run_in

UV = [Path(sys.executable).parent / "uv", "pip"]
OPTIONS = ["--offline", "--no-config", "--python", sys.executable]


def test_the_venv_holds_what_constraints_txt_pins():
    # the project itself (editable) is what constraints.txt leaves out
    project = tomllib.loads(read(ROOT / "pyproject.toml"))["project"]["name"]
    synced = run_in(ROOT, [*UV, "sync", "--check", "--output-format", "json", *OPTIONS, "constraints.txt"])
    problems = [
        f"{change['name']} {change['version']} would be {change['action']}"
        for change in json.loads(synced.stdout)["changes"]
        if change["name"] != project
    ]
    if (checked := run_in(ROOT, [*UV, "check", *OPTIONS])).returncode:
        problems.append(checked.stdout + checked.stderr)
    fail_if(problems, ".venv is not what constraints.txt pins (after changing pyproject.toml: ./dev lock):")
