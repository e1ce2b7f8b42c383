"""The code follows the project's ruff configuration (pyproject.toml): lint and format, as `ruff` runs them."""

import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT

RUFF = Path(sys.executable).parent / "ruff"


@pytest.mark.parametrize("command, fix", [("check --output-format concise", "check --fix"), ("format --check", "format")])
def test_ruff_lint_and_format(command, fix):
    result = subprocess.run([RUFF, *command.split(), "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert not result.returncode, f"ruff {command} (fix with .venv/bin/ruff {fix} .):\n{result.stdout}{result.stderr}"
