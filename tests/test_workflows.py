"""The GitHub Actions workflows: linted by zizmor, and running the README's test command.

zizmor runs offline with the pedantic persona and .github/zizmor.yml (every action pinned by
commit SHA), so every finding it can make without the network fails this test, shown with the
file and line zizmor names. The tests below it check what is this project's own: what runs, when,
and where.
"""

import json
import re
import sys
from pathlib import Path

import yaml

from docs_pipeline.site import ROOT
from tests.helpers import read, run_in

ZIZMOR = Path(sys.executable).parent / "zizmor"
TEST_COMMAND = "./dev test"  # the README's test command
# Each workflow by its path, its triggers under True (YAML 1.1 reads the key `on` as True); none at all
# fails every test below.
WORKFLOWS = {
    path.relative_to(ROOT).as_posix(): yaml.safe_load(read(path)) for path in sorted((ROOT / ".github/workflows").glob("*.y*ml"))
}


def _runs(job):
    """The command each step of the job runs ("" for a step that runs none)."""
    return [step.get("run", "").strip() for step in job.get("steps", [])]


def test_zizmor_finds_nothing():
    assert ZIZMOR.is_file(), f"zizmor is not installed next to {sys.executable}; pyproject.toml pins it (./dev test installs it)"
    options = "--offline --persona pedantic --color never --no-progress --config .github/zizmor.yml"
    result = run_in(ROOT, [ZIZMOR, *options.split(), *WORKFLOWS], timeout=300)
    assert result.returncode == 0, (
        f"zizmor found problems in the workflows (exit {result.returncode}):\n{result.stdout}{result.stderr}"
    )


def test_ci_runs_exactly_the_readmes_test_command():
    commands = re.findall(r"(?m)^\./.*", read(ROOT / ".ci/run"))
    assert commands == [TEST_COMMAND], f".ci/run runs {commands}, not exactly README.md's `{TEST_COMMAND}`"
    assert re.search(rf"(?m)^{re.escape(TEST_COMMAND)}\b", read(ROOT / "README.md")), (
        f"README.md no longer gives `{TEST_COMMAND}`"
    )


def test_every_push_and_pull_request_runs_the_test_command_as_root_in_debian():
    """Root in a Debian image: `./dev test` can then apt-get install chromium for the browser tests."""
    runs = [
        (f"{name} job {job_id}", job)
        for name, data in WORKFLOWS.items()
        if {"push", "pull_request"} <= set(data[True])
        for job_id, job in data["jobs"].items()
        if "if" not in job
        and any(step.get("run", "").strip() == TEST_COMMAND and "if" not in step for step in job.get("steps", []))
    ]
    assert runs, f"no workflow runs `{TEST_COMMAND}` unconditionally on both push and pull_request"
    for where, job in runs:
        # An image alone, as the workflows write it: no options, so no `--user` (it runs as root).
        assert isinstance(image := job.get("container"), str) and "bookworm" in image, (
            f"{where}: run `{TEST_COMMAND}` in a Debian (bookworm) container given by its image alone, where it runs as root and installs Debian's chromium; on the bare Ubuntu runner `apt-get install chromium` gets a snap stub"
        )


def test_weekly_scheduled_run_of_the_exhaustive_tests():
    weekly = []
    for name, data in WORKFLOWS.items():
        for entry in data[True].get("schedule") or []:
            assert len(entry["cron"].split()) == 5, f"{name}: bad cron {entry['cron']!r}"
            # minute, hour, any day of any month, one day of the week
            if re.fullmatch(r"\S+\s+\S+\s+\*\s+\*\s+[0-6]", entry["cron"]) and any(
                f"{TEST_COMMAND} --exhaustive" in _runs(job) for job in data["jobs"].values()
            ):
                weekly.append(name)
    assert weekly, f"no workflow runs `{TEST_COMMAND} --exhaustive` on a weekly schedule"
    cpu = [name for name, data in WORKFLOWS.items() if "cpuinfo" in json.dumps(data)]
    assert not cpu, f"{cpu}: a cache keyed by the CPU model starts cold on every other runner"


def test_main_deploys_the_site_after_the_tests_from_a_build_that_restores_no_cache():
    """What is published (the executed notebooks included) is built by a job that restores no cache, once
    the job running the test command has passed: nothing a cache holds reaches the site."""

    def needs(job):
        """The names of the jobs it needs."""
        names = job.get("needs") or []
        return [names] if isinstance(names, str) else names

    def uses(job, action):
        """The indexes of its steps that use the action."""
        return [i for i, step in enumerate(job.get("steps", [])) if step.get("uses", "").startswith(action)]

    deploys = [
        (data["jobs"], job) for data in WORKFLOWS.values() for job in data["jobs"].values() if uses(job, "actions/deploy-pages@")
    ]
    assert len(deploys) == 1, f"expected one job with actions/deploy-pages, found {len(deploys)}"
    jobs, deploy = deploys[0]
    env = deploy.get("environment")
    assert (env.get("name") if isinstance(env, dict) else env) == "github-pages", "deploy: environment must be github-pages"
    assert deploy.get("permissions") == {"pages": "write", "id-token": "write"}, (
        f"deploy: permissions {deploy.get('permissions')}"
    )
    assert "refs/heads/main" in deploy.get("if", ""), "deploy: from main only"
    builds = [name for name in needs(deploy) if uses(jobs[name], "actions/upload-pages-artifact@")]
    assert len(builds) == 1, f"deploy: must need the one job that uploads the site, not {needs(deploy)}"
    build = jobs[builds[0]]
    upload, runs = uses(build, "actions/upload-pages-artifact@")[0], _runs(build)
    assert "./dev build" in runs[:upload], f"{builds[0]}: `./dev build` (strict) before uploading"
    assert "SITE_URL" in build["steps"][runs.index("./dev build")].get("env", {}), f"{builds[0]}: build with SITE_URL"
    assert build["steps"][upload].get("with", {}).get("path") == "site", f"{builds[0]}: upload the built site/"
    assert not uses(build, "actions/cache"), f"{builds[0]}: restores a cache"
    assert any(TEST_COMMAND in _runs(jobs[n]) for n in needs(build)), f"{builds[0]}: must need the job running `{TEST_COMMAND}`"
