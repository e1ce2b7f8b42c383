"""The test wiring: snippets/ is collected by sybil (one example per file), tests/ by pytest."""

import sys

import pytest

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.serve import serve
from docs_pipeline.site import ROOT, layout
from tests.helpers import build_site, reruns

pytest_collect_file = snippet_sybil.pytest()
AUDITED = pytest.StashKey[bool]()  # tests/audit/test_lighthouse.py is selected


def _tier(item) -> int:
    """Cheap and precise first: snippets (seconds, naming the snippet), page checks, the notebooks made
    from the pages, the built site, fault injection (more builds), the browser and the site audits.
    With -x the first failure is the most precise one."""
    path = item.path.relative_to(ROOT).as_posix()
    if path.startswith("snippets/"):
        return 0
    if path.startswith("tests/browser/"):  # Chromium
        return 5
    if path.startswith("tests/audit/"):  # last: Lighthouse has run beside the browser tests
        return 6
    if path == "tests/test_faults.py":
        return 4
    if "built_site" in getattr(item, "fixturenames", ()):
        return 3
    return 2 if path == "tests/test_notebooks.py" else 1


def pytest_collection_modifyitems(config, items):
    for item in items:
        tier = _tier(item)
        if tier >= 5:
            item.add_marker(pytest.mark.browser)
        elif tier >= 3:
            item.add_marker(pytest.mark.build)
    items.sort(key=_tier)  # stable: each tier keeps pytest's order


def pytest_collection_finish(session):
    """Once the selection is known: whether the audits run (Lighthouse then starts with the built site)."""
    session.config.stash[AUDITED] = any(item.path.name == "test_lighthouse.py" for item in session.items)


def pytest_terminal_summary(terminalreporter):
    """What the site audits counted in the theme's own markup, shown with every run, passing or not."""
    audits = sys.modules.get("tests.audit.site_audit")
    for title, lines in audits.REPORT.items() if audits else ():
        terminalreporter.section(title)
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The whole site, built once per test run."""
    site = tmp_path_factory.mktemp("site")
    result = build_site(ROOT, site)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return site


@pytest.fixture(scope="session", autouse=True)
def portability_runs(request, tmp_path_factory):
    """tests/test_portability.py's reruns, when it is selected, started with the session's first test (a
    snippet: the snippet tier is one process and leaves a core to them): recordings(setting)."""
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
    """One headless Debian Chromium for the session; fails (never skips) when there is none."""
    from docs_pipeline.serve import INSTALL_HINT, chromium_executable
    from tests.browser.site_browser import launch

    executable = chromium_executable()
    if executable is None:
        pytest.fail(f"no Chromium found. {INSTALL_HINT}", pytrace=False)
    with launch(executable) as chromium:
        yield chromium


@pytest.fixture(autouse=True)
def _lighthouse_starts_with_the_built_site(request):
    """With the audits selected, the first test that reads the built site starts Lighthouse: it audits
    on the core that the build's tests and the fault builds (one process each) leave idle."""
    if request.config.stash[AUDITED] and "built_site" in request.fixturenames:
        request.getfixturevalue("lighthouse_started")


@pytest.fixture(scope="session")
def lighthouse_started(built_site, served_site):
    """Lighthouse on every built page, started in the background (the rest of the suite runs
    meanwhile), or why it cannot run here."""
    from tests.audit.site_audit import Lighthouse, page_url, site_pages, tools_problem

    problem = tools_problem()
    if problem:
        yield problem
        return
    run = Lighthouse([page_url(served_site, page) for page in site_pages(built_site)])
    yield run
    run.stop()  # a run pytest stopped before reading (-x) would go on, and its Chromium with it


@pytest.fixture(scope="session")
def first_visits(browser, served_site, built_site):
    """Every page of both languages visited once, first-time-reader style: {page: Visit}."""
    from docs_pipeline.serve import chromium_executable
    from tests.browser.site_browser import visit_all

    return visit_all(chromium_executable(), served_site, built_site, layout().pages())
