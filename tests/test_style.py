"""The code follows the project's ruff configuration (pyproject.toml): lint and format, as `ruff` runs them."""

import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT

RUFF = Path(sys.executable).parent / "ruff"


@pytest.mark.parametrize("command", [["check", "--output-format", "concise"], ["format", "--check"]], ids=["lint", "format"])
def test_ruff(command):
    result = subprocess.run([str(RUFF), *command, "."], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        fix = "ruff check --fix ." if command[0] == "check" else "ruff format ."
        pytest.fail(f"ruff {' '.join(command)} (fix with .venv/bin/{fix}):\n{result.stdout}{result.stderr}", pytrace=False)
