"""Execute the notebooks: each page's code once for all its languages, pages in parallel, cached.

A page's notebooks differ between languages only in their text cells (notebooks.py makes their
code cells from the same snippets), so one execution gives both their outputs. Each page runs in
a fresh Jupyter kernel from the repository root, as a reader runs the downloaded notebook; pages
run side by side, one kernel per CPU. A cell that raises stops the build, naming the notebook,
its page and the cell's snippet. Outputs are cached in .cache/notebook-runs/ by the code cells,
torch and Python versions: an unchanged page is not run again.
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


def _key(nb: PageNotebook) -> str:
    code = json.dumps([nb.code_cells, torch_version(), platform.python_version()])
    return hashlib.sha256(code.encode("utf-8")).hexdigest()[:20]


def _run(nb: PageNotebook, site: Layout) -> list[dict]:
    """Execute one notebook; the outputs of its code cells, in order."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    executed = copy.deepcopy(nb.notebook)
    client = NotebookClient(executed, timeout=TIMEOUT_S, kernel_name="python3", resources={"metadata": {"path": str(site.root)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        code = [c for c in executed.cells if c.cell_type == "code"]
        failed = next(
            (n for n, c in enumerate(code, 1) if any(o.get("output_type") == "error" for o in c.get("outputs", []))), None
        )
        which = f"code cell {failed} ({', '.join(code[failed - 1].metadata['snippets'])})" if failed else "a code cell"
        raise NotebookError(
            f"notebook {nb.lang}/{nb.file_name} (made from {site.name(nb.page)}): {which} raised while executing; "
            f"the page's snippets must also run top to bottom as one program.\n{exc}"
        ) from exc
    return [{"outputs": c.outputs, "execution_count": c.execution_count} for c in executed.cells if c.cell_type == "code"]


def execute(notebooks: dict[str, list[PageNotebook]], site: Layout) -> None:
    """Fill in every notebook's outputs, from the cache or from one run per page."""
    cache = site.root / ".cache" / "notebook-runs"
    pages: dict[str, list[PageNotebook]] = {}
    for nbs in notebooks.values():
        for nb in nbs:
            pages.setdefault(_key(nb), []).append(nb)
    runs = {key: cache / f"{key}.json" for key in pages}
    missing = [key for key, path in runs.items() if not path.is_file()]
    with ThreadPoolExecutor(max_workers=max(1, min(len(missing), os.cpu_count() or 1))) as pool:
        results = dict(zip(missing, pool.map(lambda key: _run(pages[key][0], site), missing), strict=True))
    cache.mkdir(parents=True, exist_ok=True)
    for key, outputs in results.items():
        runs[key].write_text(json.dumps(outputs), encoding="utf-8")
    for stale in set(cache.glob("*.json")) - set(runs.values()):
        stale.unlink()
    for key, group in pages.items():
        outputs = results.get(key) or json.loads(runs[key].read_text(encoding="utf-8"))
        for nb in group:
            for cell, run in zip((c for c in nb.notebook.cells if c.cell_type == "code"), outputs, strict=True):
                cell.outputs = [nbformat.from_dict(o) for o in run["outputs"]]
                cell.execution_count = run["execution_count"]
