"""Execute the notebooks: each page's code once for all its languages (their code cells are the
same: run_key), from the repository root as a reader runs the download, kept in the project's cache
folder by code, torch, Python and how they ran. In Jupyter kernels, one per CPU (what is published, and
the weekly tests), or in the build's own process, one page after another, each from a fresh state (the
per-push tests: the plugin's `kernels: false`). A cell that raises stops the build, naming the notebook,
its page and the cell's snippets.
"""

import copy
import json
import linecache
import os
import platform
import traceback
from concurrent.futures import ThreadPoolExecutor

import nbformat
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from .macros import torch_version
from .notebooks import NotebookError
from .runner import SEEDS, captured, fresh_process
from .site import kept, load, store

TIMEOUT_S = 600  # per cell
# The kernel's channels encrypted with keys the kernel manager makes (ipykernel's kernelspec
# declares CurveZMQ support): over plain TCP every kernel warns on the build's output.
KERNEL_CONFIG = {"KernelManager": {"transport_encryption": "auto"}}


def run_key(nb, kernels=True):
    return [nb.code_cells, torch_version(), platform.python_version(), "kernel" if kernels else "in-process"]


def _failed(nb, site, cells, said):
    snippets = [f"code cell {n} ({', '.join(_code(nb.notebook)[n - 1].metadata['snippets'])})" for n in cells]
    return NotebookError(
        f"notebook {nb.lang}/{nb.file_name} (made from {site.name(nb.page)}): {', '.join(snippets) or 'a code cell'} "
        f"raised while executing; the page's snippets must also run top to bottom as one program.\n{said}"
    )


def _in_kernel(nb, site):
    """Execute one notebook in a Jupyter kernel; the outputs of its code cells, in order."""
    import nbclient
    from nbclient.exceptions import CellExecutionError
    from traitlets.config import Config

    executed = copy.deepcopy(nb.notebook)
    try:
        nbclient.execute(executed, cwd=str(site.root), timeout=TIMEOUT_S, config=Config(KERNEL_CONFIG))
    except CellExecutionError as exc:
        failed = [n for n, c in enumerate(_code(executed), 1) if any(o.output_type == "error" for o in c.outputs)]
        raise _failed(nb, site, failed, str(exc)) from exc
    return [{"outputs": c.outputs, "execution_count": c.execution_count} for c in _code(executed)]


def _in_process(nb, site):
    """Execute one notebook's code cells here, one after another in one namespace, as a fresh kernel would:
    each cell's printed text as a kernel gives it, its warnings on stderr."""
    namespace, runs = {"__name__": "__main__"}, []
    with fresh_process(SEEDS[0]):
        for n, source in enumerate(nb.code_cells, 1):
            name = f"<cell {n}>"
            linecache.cache[name] = (len(source), None, source.splitlines(True), name)  # quoted by tracebacks
            with captured() as (stdout, stderr, caught):
                try:
                    exec(compile(source, name, "exec"), namespace)
                except Exception as exc:
                    raise _failed(nb, site, [n], "".join(traceback.format_exception(exc))) from exc
            stderr.writelines(f"{w.category.__name__}: {w.message}\n" for w in caught)
            streams = {"stdout": stdout.getvalue(), "stderr": stderr.getvalue()}
            outputs = [{"output_type": "stream", "name": stream, "text": text} for stream, text in streams.items() if text]
            runs.append({"outputs": outputs, "execution_count": n})
    return runs


def execute(notebooks, site, kernels):
    """Fill in every notebook's outputs, from the cache or from one run per page."""
    pages = {}  # the kept run -> the notebooks it serves
    for nb in notebooks:
        pages.setdefault(kept("notebook-runs", run_key(nb, kernels)), []).append(nb)

    run, missing = _in_kernel if kernels else _in_process, [entry for entry in pages if load(entry) is None]
    with ThreadPoolExecutor(os.cpu_count()) as pool:  # kernels: one per CPU
        # in this process: one page after another, on this thread (torch's grad mode is per thread)
        runs = (pool.map if kernels else map)(lambda entry: run(pages[entry][0], site), missing)
        for entry, outputs in zip(missing, runs, strict=True):
            store(entry, json.dumps(outputs))  # on this thread, as each run ends
    for entry, group in pages.items():
        for nb in group:
            for cell, output in zip(_code(nb.notebook), json.loads(load(entry)), strict=True):
                cell.update(nbformat.from_dict(output))  # its outputs and execution_count
                # printed text as one output per stream: the kernel splits it into chunks as its timing falls,
                # which would make two builds of the same code publish different notebooks
                CoalesceStreamsPreprocessor().preprocess_cell(cell, {}, 0)


def _code(notebook):
    return [c for c in notebook.cells if c.cell_type == "code"]
