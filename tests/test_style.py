"""The code follows the project's ruff configuration (pyproject.toml): lint and format, as `ruff` runs them."""

import sys
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT
from tests.helpers import run_in

RUFF = Path(sys.executable).parent / "ruff"


@pytest.mark.parametrize("command, fix", [("check --output-format concise", "check --fix"), ("format --check", "format")])
def test_ruff_lint_and_format(command, fix):
    result = run_in(ROOT, [RUFF, *command.split(), "."], timeout=300)
    assert not result.returncode, f"ruff {command} (fix with .venv/bin/ruff {fix} .):\n{result.stdout}{result.stderr}"
