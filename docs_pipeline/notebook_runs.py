"""Execute the notebooks: each page's code once for all its languages (their code cells are the
same: run_key), in a fresh kernel from the repository root as a reader runs the download, one kernel
per CPU, cached in the project's cache folder (site.cache_dir) by code, torch and Python version. A cell that raises
stops the build, naming the notebook, its page and the cell's snippets.
"""

import copy
import hashlib
import json
import os
import platform
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from .macros import torch_version
from .notebooks import NotebookError, PageNotebook
from .site import Layout, cache_dir, prune, write_whole

TIMEOUT_S = 600  # per cell
# The kernel's channels encrypted with keys the kernel manager makes (ipykernel's kernelspec
# declares CurveZMQ support): over plain TCP every kernel warns on the build's output.
KERNEL_CONFIG = {"KernelManager": {"transport_encryption": "auto"}}


def run_key(nb: PageNotebook) -> str:
    code = json.dumps([nb.code_cells, torch_version(), platform.python_version()])
    return hashlib.sha256(code.encode("utf-8")).hexdigest()[:20]


def _run(nb: PageNotebook, site: Layout) -> list[dict]:
    """Execute one notebook; the outputs of its code cells, in order."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from traitlets.config import Config

    executed = copy.deepcopy(nb.notebook)
    resources = {"metadata": {"path": str(site.root)}}
    client = NotebookClient(executed, timeout=TIMEOUT_S, resources=resources, config=Config(KERNEL_CONFIG))
    try:
        client.execute()
    except CellExecutionError as exc:
        failed = [
            f"code cell {n} ({', '.join(c.metadata['snippets'])})"
            for n, c in enumerate(_code(executed), 1)
            if any(o.output_type == "error" for o in c.outputs)
        ]
        raise NotebookError(
            f"notebook {nb.lang}/{nb.file_name} (made from {site.name(nb.page)}): {', '.join(failed) or 'a code cell'} "
            f"raised while executing; the page's snippets must also run top to bottom as one program.\n{exc}"
        ) from exc
    return [{"outputs": c.outputs, "execution_count": c.execution_count} for c in _code(executed)]


def execute(notebooks: list[PageNotebook], site: Layout) -> None:
    """Fill in every notebook's outputs, from the cache or from one run per page."""
    cache = cache_dir("notebook-runs")
    pages: dict[Path, list[PageNotebook]] = {}
    for nb in notebooks:
        pages.setdefault(cache / f"{run_key(nb)}.json", []).append(nb)
    missing = [run for run in pages if not run.is_file()]
    with ThreadPoolExecutor(os.cpu_count()) as pool:  # one kernel per CPU
        for run, outputs in zip(missing, pool.map(lambda run: _run(pages[run][0], site), missing), strict=True):
            write_whole(run, json.dumps(outputs))
    for run, group in pages.items():
        os.utime(run)  # in use: kept
        outputs = json.loads(run.read_text(encoding="utf-8"))
        for cell, output in ((c, o) for nb in group for c, o in zip(_code(nb.notebook), outputs, strict=True)):
            cell.outputs, cell.execution_count = nbformat.from_dict(output["outputs"]), output["execution_count"]
            # printed text as one output per stream: the kernel splits it into chunks as its timing falls,
            # which would make two builds of the same code publish different notebooks
            CoalesceStreamsPreprocessor().preprocess_cell(cell, {}, 0)
    prune(cache)


def _code(notebook) -> list:
    return [c for c in notebook.cells if c.cell_type == "code"]
