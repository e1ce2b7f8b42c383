"""Installs are reproducible: every package in .venv is the version constraints.txt pins, and the
direct pins of pyproject.toml agree with it."""

import importlib.metadata
import re
import tomllib

from docs_pipeline.site import ROOT

PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)==(?P<version>\S+)$")


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines) -> dict[str, str]:
    return {_key(m["name"]): m["version"] for line in lines if (m := PIN.match(line.split("#")[0].strip()))}


def test_every_installed_package_is_pinned_by_constraints_txt():
    pinned = _pins((ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines())
    project = _key(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"])
    installed = {_key(d.metadata["Name"]): d.version.split("+")[0] for d in importlib.metadata.distributions()}
    ignored = {project, "pip", "setuptools", "wheel"}
    wrong = [
        f"{name} {version} installed, constraints.txt pins {pinned.get(name)}"
        for name, version in sorted(installed.items())
        if name not in ignored and pinned.get(name) != version
    ]
    assert not wrong, "\n".join(wrong) + "\nAfter changing pyproject.toml: ./dev lock"


def test_pyproject_pins_agree_with_constraints_txt():
    direct = _pins(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"])
    pinned = _pins((ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines())
    assert direct and all(pinned.get(name) == version for name, version in direct.items()), {
        name: (version, pinned.get(name)) for name, version in direct.items() if pinned.get(name) != version
    }
