"""Installs are reproducible: every package in .venv is the version constraints.txt pins, the
direct pins of pyproject.toml agree with it, and what only macOS installs is pinned too."""

import importlib.metadata
import tomllib

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from docs_pipeline.site import ROOT
from tests.helpers import fail_if, read


def _pins(lines):
    """{name: version} of the requirements in lines, "==" left out (a marker may follow it)."""
    return {
        canonicalize_name(r.name): str(r.specifier).removeprefix("==")
        for r in map(Requirement, filter(None, (line.split("#")[0].strip() for line in lines)))
    }


PINNED = _pins(read(ROOT / "constraints.txt").splitlines())


def test_installed_packages_pyproject_pins_and_what_only_macos_installs_are_what_constraints_txt_pins():
    """One walk over what .venv holds. ./dev lock pins what pip installed here, on Linux: a requirement whose
    marker only macOS meets must be in constraints.txt with its marker (./dev lock keeps such lines)."""
    project = tomllib.loads(read(ROOT / "pyproject.toml"))["project"]
    direct = _pins(project["dependencies"])
    assert direct, "pyproject.toml: no name==version pin read from [project] dependencies"
    mac = {**default_environment(), "sys_platform": "darwin", "platform_system": "Darwin", "extra": ""}
    problems = {f"pyproject.toml pins {n}=={v}, constraints.txt {PINNED.get(n)}" for n, v in direct.items() if PINNED.get(n) != v}
    for dist in importlib.metadata.distributions():
        name, version = canonicalize_name(dist.metadata["Name"]), dist.version.split("+")[0]
        if name not in {canonicalize_name(project["name"]), "pip", "setuptools", "wheel"} and PINNED.get(name) != version:
            problems.add(f"{name} {version} installed, constraints.txt pins {PINNED.get(name)}")
        problems |= {
            f"{requirement} (of {dist.metadata['Name']}): only macOS installs it, and constraints.txt does not pin it"
            for machine in ("x86_64", "arm64")
            for requirement in map(Requirement, dist.requires or [])
            if requirement.marker
            and requirement.marker.evaluate({**mac, "platform_machine": machine})
            and canonicalize_name(requirement.name) not in PINNED
        }
    fail_if(sorted(problems), "not as constraints.txt pins (after changing pyproject.toml: ./dev lock):")
