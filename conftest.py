"""The test wiring: snippets/ is collected by sybil (one example per file), tests/ by pytest."""

import shutil
import tempfile
from pathlib import Path

import pytest

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.site import ROOT
from tests.helpers import build_site, start_recordings
from tests.site_server import serve

pytest_collect_file = snippet_sybil.pytest()
PORTABILITY = pytest.StashKey[tuple[Path, dict]]()  # the portability reruns: (their folder, {setting: (process, output)})


def _tier(item) -> int:
    """Cheap and precise first: snippets (seconds, naming the snippet), page checks, the built site,
    fault injection (more builds), the browser and the site audits. With -x the first failure is the
    most precise one."""
    path = item.path.relative_to(ROOT).as_posix()
    if path.startswith("snippets/"):
        return 0
    if path.startswith("tests/browser/"):  # Chromium
        return 4
    if path.startswith("tests/audit/"):  # last: Lighthouse has run beside the browser tests
        return 5
    if path == "tests/test_faults.py":
        return 3
    return 2 if "built_site" in getattr(item, "fixturenames", ()) else 1


def pytest_collection_modifyitems(config, items):
    for item in items:
        tier = _tier(item)
        if tier >= 4:
            item.add_marker(pytest.mark.browser)
        elif tier >= 2:
            item.add_marker(pytest.mark.build)
    items.sort(key=_tier)  # stable: each tier keeps pytest's order


def pytest_collection_finish(session):
    """Once the selection is known, tests/test_portability.py's reruns
    of every snippet, one process per setting, started now if a
    selected test needs them: they run on the core the snippet tier (one process) leaves idle. A session
    fixture would start them only with the first pytest test, after the snippets: sybil's examples
    request no fixtures."""
    if any("portability_runs" in getattr(item, "fixturenames", ()) for item in session.items):
        folder = Path(tempfile.mkdtemp(prefix="portability-"))
        session.config.stash[PORTABILITY] = (folder, start_recordings(folder))


def pytest_sessionfinish(session):
    folder, runs = session.config.stash.get(PORTABILITY, (None, {}))
    for process, _ in runs.values():
        process.kill()
        process.wait()
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption("--screenshots", action="store_true", help="browser tests save screenshots in test-artifacts/")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The whole site, built once per test run."""
    site = tmp_path_factory.mktemp("site")
    result = build_site(ROOT, site)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return site


@pytest.fixture(scope="session")
def portability_runs(request):
    """{setting: (process, where it writes)}, as pytest_collection_finish started them."""
    return request.config.stash[PORTABILITY][1]


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
