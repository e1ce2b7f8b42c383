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


def test_installed_packages_and_pyproject_pins_are_the_versions_constraints_txt_pins():
    pinned = _pins((ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    direct = _pins(project["dependencies"])
    assert direct, "pyproject.toml: no name==version pin read from [project] dependencies"
    installed = {_key(d.metadata["Name"]): d.version.split("+")[0] for d in importlib.metadata.distributions()}
    ignored = {_key(project["name"]), "pip", "setuptools", "wheel"}
    wrong = [
        f"{name} {version} installed, constraints.txt pins {pinned.get(name)}"
        for name, version in sorted(installed.items())
        if name not in ignored and pinned.get(name) != version
    ]
    wrong += [f"pyproject.toml pins {n}=={v}, constraints.txt {pinned.get(n)}" for n, v in direct.items() if pinned.get(n) != v]
    assert not wrong, "\n".join(wrong) + "\nAfter changing pyproject.toml: ./dev lock"
