"""The GitHub Actions workflows: linted by zizmor, and running the README's test command.

zizmor runs offline with the pedantic persona and .github/zizmor.yml (every action pinned by
commit SHA), so every finding it can make without the network fails this test, shown with the
file and line zizmor names: unpinned actions and images, excessive permissions, injections.
The tests below it check what is this project's own: what runs, when, and where.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from docs_pipeline.runner import ROOT

WORKFLOWS_DIR = ROOT / ".github" / "workflows"
WORKFLOWS = sorted(WORKFLOWS_DIR.glob("*.yml")) + sorted(WORKFLOWS_DIR.glob("*.yaml"))
ZIZMOR = Path(sys.executable).parent / "zizmor"
ZIZMOR_ARGS = [
    "--offline",
    "--persona",
    "pedantic",
    "--color",
    "never",
    "--no-progress",
    "--config",
    str(ROOT / ".github" / "zizmor.yml"),
]

TEST_COMMAND = "./dev test"  # the README's test command; test_the_readme_gives_this_test_command checks it


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{_name(path)} is not a YAML mapping"
    # YAML 1.1 reads the key `on` as the boolean True.
    if True in data:
        data["on"] = data.pop(True)
    return data


def _triggers(workflow: dict) -> set[str]:
    on = workflow.get("on")
    if isinstance(on, str):
        return {on}
    if isinstance(on, list):
        return set(on)
    return set(on or {})


def _steps(workflow: dict):
    for job_id, job in workflow.get("jobs", {}).items():
        for step in job.get("steps", []):
            yield job_id, job, step


def _zizmor(*inputs: Path, fmt: str = "plain") -> subprocess.CompletedProcess:
    if not ZIZMOR.is_file():
        pytest.fail(
            f"zizmor is not installed next to {sys.executable}; it is pinned in pyproject.toml (./dev test installs it)",
            pytrace=False,
        )
    return subprocess.run(
        [str(ZIZMOR), *ZIZMOR_ARGS, "--format", fmt, *map(str, inputs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_zizmor_finds_nothing():
    result = _zizmor(*WORKFLOWS)
    assert result.returncode == 0, (
        f"zizmor {' '.join(ZIZMOR_ARGS)} found problems in the workflows (exit {result.returncode}):\n"
        f"{result.stdout}{result.stderr}"
    )


def test_zizmor_fails_on_a_real_finding(tmp_path):
    """The lint above is only worth something if the same invocation fails on a bad workflow."""
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "name: bad\n"
        "on: issues\n"
        "permissions:\n  contents: read\n"
        "jobs:\n"
        "  greet:\n"
        "    name: greet\n"
        "    runs-on: ubuntu-24.04\n"
        "    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "        with:\n          persist-credentials: false\n"
        '      - run: echo "${{ github.event.issue.title }}"\n',
        encoding="utf-8",
    )
    result = _zizmor(bad, fmt="json")
    assert result.returncode != 0, (
        f"zizmor passed a workflow with an injection and an unpinned action:\n{result.stdout}{result.stderr}"
    )
    import json

    found = {finding["ident"] for finding in json.loads(result.stdout)}
    assert {"template-injection", "unpinned-uses"} <= found, f"zizmor found {sorted(found)}"
    assert WORKFLOWS, "no workflows in .github/workflows/ to lint"


def test_the_readme_gives_this_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"^{re.escape(TEST_COMMAND)}\b", readme, re.M), f"README.md no longer gives `{TEST_COMMAND}`"


def test_every_push_and_pull_request_runs_the_test_command_as_root_in_debian():
    """Root in a Debian image: `./dev test` can then apt-get install chromium for the browser tests."""
    runs = []
    for workflow in WORKFLOWS:
        data = _load(workflow)
        if not {"push", "pull_request"} <= _triggers(data):
            continue
        for job_id, job, step in _steps(data):
            if step.get("run", "").strip() == TEST_COMMAND and "if" not in step and "if" not in job:
                runs.append((workflow, job_id, job))
    assert runs, f"no workflow runs `{TEST_COMMAND}` unconditionally on both push and pull_request"
    for workflow, job_id, job in runs:
        container = job.get("container")
        image = container.get("image") if isinstance(container, dict) else container
        assert image and "bookworm" in image, (
            f"{_name(workflow)} job {job_id}: run `{TEST_COMMAND}` in a Debian (bookworm) container, where it runs "
            "as root and installs Debian's chromium; on the bare Ubuntu runner `apt-get install chromium` gets a snap stub"
        )
        assert not (isinstance(container, dict) and container.get("options", "").count("--user")), (
            f"{_name(workflow)} job {job_id}: the container must run as root"
        )


def test_weekly_scheduled_run_of_the_test_command():
    weekly = []
    for workflow in WORKFLOWS:
        data = _load(workflow)
        for entry in (data.get("on") or {}).get("schedule", []) if isinstance(data.get("on"), dict) else []:
            fields = entry["cron"].split()
            assert len(fields) == 5, f"{_name(workflow)}: bad cron {entry['cron']!r}"
            weekly_cron = fields[2] == "*" and fields[3] == "*" and re.fullmatch(r"[0-6]", fields[4])
            if weekly_cron and any(step.get("run", "").strip() == TEST_COMMAND for _, _, step in _steps(data)):
                weekly.append(workflow)
    assert weekly, f"no workflow runs `{TEST_COMMAND}` on a weekly schedule (dependency drift)"


def test_main_deploys_the_built_site_to_pages():
    deploys = []
    for workflow in WORKFLOWS:
        data = _load(workflow)
        jobs = data.get("jobs", {})
        for job_id, job in jobs.items():
            uses = [step.get("uses", "") for step in job.get("steps", [])]
            if any(u.startswith("actions/deploy-pages@") for u in uses):
                deploys.append((workflow, data, job_id, job))
    assert len(deploys) == 1, f"expected one Pages deploy job, found {[(w.name, j) for w, _, j, _ in deploys]}"
    workflow, data, job_id, job = deploys[0]
    name = f"{_name(workflow)} job {job_id}"
    env = job.get("environment")
    assert (env.get("name") if isinstance(env, dict) else env) == "github-pages", f"{name}: environment must be github-pages"
    assert job.get("permissions") == {"pages": "write", "id-token": "write"}, f"{name}: permissions {job.get('permissions')}"
    assert "refs/heads/main" in job.get("if", ""), f"{name}: must deploy from main only"
    needs = job.get("needs")
    needs = [needs] if isinstance(needs, str) else needs or []
    assert needs, f"{name}: must wait for the job that tests and builds the site"
    for need in needs:
        steps = data["jobs"][need].get("steps", [])
        runs = [s.get("run", "").strip() for s in steps]
        uses = [s.get("uses", "") for s in steps]
        upload = [i for i, u in enumerate(uses) if u.startswith("actions/upload-pages-artifact@")]
        if upload:
            assert TEST_COMMAND in runs and runs.index(TEST_COMMAND) < upload[0], f"{need}: test before uploading the site"
            assert "./dev build" in runs and runs.index("./dev build") < upload[0], (
                f"{need}: `./dev build` (strict) before uploading"
            )
            build = steps[runs.index("./dev build")]
            assert "SITE_URL" in build.get("env", {}), f"{need}: build with SITE_URL set to the Pages address"
            assert steps[upload[0]].get("with", {}).get("path") == "site", f"{need}: upload the built site/"
            break
    else:
        pytest.fail(f"{name}: none of its needed jobs {needs} uploads the site with actions/upload-pages-artifact")
