"""The test wiring: snippets/ is collected by sybil (one example per file), tests/ by pytest."""

from pathlib import Path

import pytest

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.site import ROOT
from tests.helpers import finished, reruns, start_build
from tests.site_server import serve

# The snippets run first and set up the session's background work themselves: a sybil example gets
# only the fixtures its Sybil names, not the autouse ones.
pytest_collect_file = snippet_sybil(fixtures=("site_build", "portability_runs")).pytest()


def _tier(item) -> int:
    """Cheap and precise first: snippets (seconds, naming the snippet), page checks, the notebooks made
    from the pages, the built site, fault injection (more builds), the browser and the site audits, and
    last what waits for the portability reruns (they take only the CPU the rest leaves idle).
    With -x the first failure is the most precise one."""
    path = item.path.relative_to(ROOT).as_posix()
    if path == "tests/test_portability.py":
        return 7
    if path.startswith("snippets/"):
        return 0
    if path.startswith("tests/browser/"):  # Chromium
        return 5
    if path.startswith("tests/audit/"):
        return 6
    if path == "tests/test_faults.py":
        return 4
    if "built_site" in item.fixturenames:
        return 3
    return 2 if path == "tests/test_notebooks.py" else 1


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _tier(item) >= 5:
            item.add_marker(pytest.mark.browser)
    items.sort(key=_tier)  # stable: each tier keeps pytest's order


def pytest_addoption(parser):
    parser.addoption("--screenshots", action="store_true", help="browser tests save screenshots in test-artifacts/")


@pytest.fixture(scope="session", autouse=True)
def site_build(request, tmp_path_factory):
    """The whole site's build, once per test run, started with the session's first test when a selected
    test needs the built site (the snippet tier is one process and leaves a core to it): (site, process)."""
    if not any("built_site" in item.fixturenames for item in request.session.items):
        yield None
        return
    site = tmp_path_factory.mktemp("site")
    build = start_build(ROOT, site)
    try:
        yield site, build
    finally:
        build.kill()
        build.wait()


@pytest.fixture(scope="session")
def built_site(site_build):
    """The whole site, built."""
    site, build = site_build
    result = finished(build)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return site


@pytest.fixture(scope="session", autouse=True)
def portability_runs(request, tmp_path_factory):
    """tests/test_portability.py's reruns, when it is selected, started with the session's first test at
    the lowest priority (they use what the other tests leave of the CPU): recordings(setting)."""
    if not any(item.path.name == "test_portability.py" for item in request.session.items):
        yield None
        return
    with reruns(tmp_path_factory.mktemp("portability")) as recordings:
        yield recordings


# ---------------------------------------------------------------- browser tests (tests/browser/)


@pytest.fixture(scope="session")
def served_site(built_site):
    """The built site served on 127.0.0.1 as GitHub Pages serves it, while the session runs; its base URL."""
    with serve(built_site) as base_url:
        yield base_url


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session; fails (never skips) when there is none."""
    from tests.browser.chromium import INSTALL_HINT, chromium_executable, launch

    executable = chromium_executable()
    if executable is None:
        pytest.fail(f"no Chromium found. {INSTALL_HINT}", pytrace=False)
    with launch(executable) as chromium:
        yield chromium


@pytest.fixture(scope="session")
def screenshots(request) -> Path | None:
    """Where the browser tests save screenshots for a person to look at, with --screenshots (they assert nothing)."""
    if request.config.getoption("screenshots"):
        folder = ROOT / "test-artifacts" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return None
