"""Execute the notebooks: each page's code once for all its languages, pages side by side, cached.

A page's notebooks differ between languages only in their text cells, so one run (run_key) gives
every language its outputs. Each page runs in a fresh Jupyter kernel from the repository root, as
a reader runs the downloaded notebook, one kernel per CPU. A cell that raises stops the build,
naming the notebook, its page and the cell's snippets. Outputs are cached in .cache/notebook-runs/
by the code cells, torch and Python versions: an unchanged page does not run again.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import platform
from concurrent.futures import ThreadPoolExecutor

import nbformat

from .macros import torch_version
from .notebooks import NotebookError, PageNotebook
from .site import Layout

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
    client = NotebookClient(executed, timeout=TIMEOUT_S, kernel_name="python3", resources=resources, config=Config(KERNEL_CONFIG))
    try:
        client.execute()
    except CellExecutionError as exc:
        code = [c for c in executed.cells if c.cell_type == "code"]
        failed = [
            f"code cell {n} ({', '.join(c.metadata['snippets'])})"
            for n, c in enumerate(code, 1)
            if any(o.output_type == "error" for o in c.outputs)
        ]
        raise NotebookError(
            f"notebook {nb.lang}/{nb.file_name} (made from {site.name(nb.page)}): {', '.join(failed) or 'a code cell'} "
            f"raised while executing; the page's snippets must also run top to bottom as one program.\n{exc}"
        ) from exc
    return [{"outputs": c.outputs, "execution_count": c.execution_count} for c in executed.cells if c.cell_type == "code"]


def execute(notebooks: list[PageNotebook], site: Layout) -> None:
    """Fill in every notebook's outputs, from the cache or from one run per page."""
    cache = site.root / ".cache" / "notebook-runs"
    pages: dict[str, list[PageNotebook]] = {}
    for nb in notebooks:
        pages.setdefault(run_key(nb), []).append(nb)
    runs = {key: cache / f"{key}.json" for key in pages}
    missing = [key for key, path in runs.items() if not path.is_file()]
    cache.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, min(len(missing), os.cpu_count() or 1))) as pool:
        for key, outputs in zip(missing, pool.map(lambda key: _run(pages[key][0], site), missing), strict=True):
            runs[key].write_text(json.dumps(outputs), encoding="utf-8")
    for stale in set(cache.glob("*.json")) - set(runs.values()):
        stale.unlink()
    for key, group in pages.items():
        outputs = json.loads(runs[key].read_text(encoding="utf-8"))
        for nb in group:
            for cell, run in zip((c for c in nb.notebook.cells if c.cell_type == "code"), outputs, strict=True):
                cell.outputs = [nbformat.from_dict(o) for o in run["outputs"]]
                cell.execution_count = run["execution_count"]
