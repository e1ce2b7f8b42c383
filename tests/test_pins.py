"""Installs are reproducible: .venv holds exactly what constraints.txt pins, the project's own requirements
(pyproject.toml) met, as uv checks it. On Linux a line only macOS installs is skipped by its marker; on
macOS, a package only macOS installs and constraints.txt lacks fails here, named."""

import sys
from pathlib import Path

from docs_pipeline.site import ROOT
from tests.helpers import run_in

UV = Path(sys.executable).parent / "uv"


def test_the_venv_holds_what_constraints_txt_pins(tmp_path):
    (tmp_path / "project.txt").write_text(f"-e {ROOT}\n", encoding="utf-8")
    for command in (["sync", "--check", "constraints.txt", tmp_path / "project.txt"], ["check"]):
        result = run_in(ROOT, [UV, "pip", *command, "--offline", "--no-config", "--python", sys.executable])
        assert result.returncode == 0, (
            f"uv pip {command[0]}: .venv is not what constraints.txt pins (after changing pyproject.toml: ./dev lock):\n"
            f"{result.stdout}{result.stderr}"
        )
