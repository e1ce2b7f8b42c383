"""The code follows the project's ruff configuration (pyproject.toml): lint and format, as `ruff` runs them."""

import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT

RUFF = Path(sys.executable).parent / "ruff"


@pytest.mark.parametrize(
    ("command", "fix"), [("check --output-format concise", "check --fix"), ("format --check", "format")], ids=["lint", "format"]
)
def test_ruff(command, fix):
    result = subprocess.run([str(RUFF), *command.split(), "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    if result.returncode:
        pytest.fail(f"ruff {command} (fix with .venv/bin/ruff {fix} .):\n{result.stdout}{result.stderr}", pytrace=False)
