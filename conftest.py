"""The test wiring: snippets/ is collected by sybil (one example per file), tests/ by pytest. `./dev test`
checks each property once, at the cheapest tier that sees it; `./dev test --exhaustive` adds the tests
marked `exhaustive` and widens the browser's sample to every page (the weekly run: README.md, "The tests")."""

import functools
import shutil
import threading
from pathlib import Path

import pytest

from docs_pipeline.harness import project_context, snippet_sybil
from docs_pipeline.site import ROOT, kept, load, store
from tests.helpers import finished, start_build
from tests.site_loads import parsed_pages
from tests.site_server import serve

# The snippets run first and start the site's build themselves: a sybil example gets only the fixtures
# its Sybil names, not the autouse ones.
pytest_collect_file = snippet_sybil(fixtures=("site_build",)).pytest()
# Cheap and precise first, each kind in pytest's order: with -x the first failure is the most precise one.
# A kind is where its tests lie, or what of the build they need (the tests before it run while it ends).
TIERS = (
    "snippets/",
    "tests/test_",
    "tests/test_notebooks.py",
    "build",
    "built_site",
    "tests/test_faults.py",
    "tests/browser/",
    "tests/audit/",
)


KEPT_FROM = TIERS.index("tests/test_faults.py")  # the slow tiers: a pass is kept for the same project and tools
KEPT = pytest.StashKey()  # a slow test's entry in the cache folder


def _tier(item):
    path = item.path.relative_to(ROOT).as_posix()
    return max(n for n, kind in enumerate(TIERS) if path.startswith(kind) or kind in item.fixturenames)


def pytest_addoption(parser):
    parser.addoption("--exhaustive", action="store_true", help="also the weekly run's exhaustive variants (README.md)")


def pytest_collection_modifyitems(config, items):
    weekly = [item for item in items if item.get_closest_marker("exhaustive")]
    if not (exhaustive := config.getoption("exhaustive")):
        config.hook.pytest_deselected(items=weekly)
        items[:] = [item for item in items if item not in weekly]
    for item in items:
        if _tier(item) >= TIERS.index("tests/browser/"):
            item.add_marker(pytest.mark.browser)
    items.sort(key=_tier)  # stable: each tier keeps pytest's order
    slow = [item for item in items if _tier(item) >= KEPT_FROM]
    # what a slow test depends on: harness.project_context (None outside a git checkout), and the Chromium and
    # Node the browser and audits run
    if slow and not exhaustive and (project := project_context()):
        from tests.browser.chromium import chromium_executable

        tools = [Path(tool).resolve() for tool in (chromium_executable(), shutil.which("node")) if tool]
        key = [project, [[str(tool), tool.stat().st_size, tool.stat().st_mtime] for tool in tools]]
        for item in slow:
            item.stash[KEPT] = entry = kept("tests", [item.nodeid, key])
            if load(entry) is not None:
                item.add_marker(pytest.mark.skip(reason="passed on the same files and tools (kept: README.md, The caches)"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.passed and KEPT in item.stash:
        store(item.stash[KEPT], "{}")
    return report


@pytest.fixture(scope="session")
def exhaustive(request):
    return request.config.getoption("exhaustive")


@pytest.fixture(scope="session", autouse=True)
def site_build(request, tmp_path_factory, exhaustive):
    """The whole site's build, started with the session's first test when a selected test needs it (the
    snippet tier is one process and leaves a core to it): (site, process). Its notebooks run in the build's
    own process, in Jupyter kernels with --exhaustive."""
    if not any("build" in item.fixturenames for item in request.session.items):  # built_site's too: it needs build
        yield None
        return
    site = tmp_path_factory.mktemp("site")
    build = start_build(ROOT, site, {} if exhaustive else {"DOCS_KERNELS": "false"})
    yield site, build
    build.kill()
    build.wait()


@pytest.fixture(scope="session")
def build(site_build):
    """How the build ended: its exit code and what it said."""
    return finished(site_build[1])


@pytest.fixture(scope="session")
def built_site(request, site_build, build, exhaustive):
    """The whole site, built; when the build failed, the tests that need it are skipped
    (tests/test_build.py::test_the_strict_build_passes says why). When their tests will run, html-validate and
    the browser's first visits start on the site now, each in a thread of its own, beside the tiers before them."""
    if build.returncode != 0:
        pytest.skip("the strict build failed: tests/test_build.py::test_the_strict_build_passes says why")

    def will_run(test):  # its item, when a selected test will run
        return next(
            (i for i in request.session.items if getattr(i, "originalname", "") == test and not i.get_closest_marker("skip")),
            None,
        )

    if will_run("test_no_html_errors_from_the_project"):
        from tests.audit.lighthouse import HTML_VALIDATE, html_validate  # here: the fault tests' small projects lack it

        request.config.stash[HTML_VALIDATE] = html_validate(site_build[0])
    if visits := will_run("test_first_visit"):  # its module as pytest imported it
        stop = threading.Event()  # else an early end of the session (-x) would wait for every visit
        request.config.add_cleanup(stop.set)
        request.config.stash[visits.module.FIRST_VISITS] = visits.module.first_visits(site_build[0], exhaustive, stop)
    return site_build[0]


@pytest.fixture(scope="session")
def built_pages(built_site):
    """Every built HTML file (the notebook and 404 pages too), parsed once: {its path in the site: its tree}."""
    return parsed_pages(built_site)


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

    if chromium_executable() is None:
        pytest.fail(f"no Chromium found. {INSTALL_HINT}", pytrace=False)
    with launch() as chromium:
        yield chromium


@pytest.fixture(scope="session")
def open_tab(browser, served_site):
    """`open_tab(path, **options)`: a new tab of the session's Chromium on the served site."""
    from tests.browser.chromium import new_tab

    return functools.partial(new_tab, browser, served_site)
