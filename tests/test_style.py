"""The code follows the project's ruff configuration (pyproject.toml): lint and format, as `ruff` runs them."""

import subprocess
import sys
from pathlib import Path

from docs_pipeline.site import ROOT
from tests.helpers import fail_if

RUFF = Path(sys.executable).parent / "ruff"


def test_ruff_lint_and_format():
    problems = []
    for command, fix in (("check --output-format concise", "check --fix"), ("format --check", "format")):
        result = subprocess.run([RUFF, *command.split(), "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
        if result.returncode:
            problems.append(f"ruff {command} (fix with .venv/bin/ruff {fix} .):\n{result.stdout}{result.stderr}")
    fail_if(problems)
