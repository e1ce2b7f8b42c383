"""Values that the prose states and a program computes, recorded from the program's real run
(CONTRIBUTING.md, "Values in prose"): `./dev outputs` writes them to `<name>.values.json` beside the
`.out`, the tests record them again and compare, the build inserts them (macros.py)."""

import json
import math
import re

from .pages import parse
from .runner import stored
from .site import layout, snippet_file

PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[-?\d+\])*")
MAX_ELEMENTS = 64


class RecordError(Exception):
    """A value could not be recorded or found; the message names snippet and value."""


def values_path(snippet_py):
    return snippet_py.with_suffix(".values.json")


def references():
    """{snippet: {path: [pages that use it]}} over every page of every language."""
    found = {}
    for page in layout().pages():
        for snippet, path in parse(page).values:
            found.setdefault(snippet, {}).setdefault(path, []).append(layout().name(page))
    return found


def plain(tensor):
    """A tensor's numbers, float32 ones as the shortest decimal that is the same float32: 57.6, not
    57.599998474121094."""
    import numpy
    import torch

    def shortest(value):
        if isinstance(value, list):
            return [shortest(v) for v in value]
        # numpy prints a float32 as its shortest round-trip decimal
        return float(str(numpy.float32(value))) if math.isfinite(value) else str(value)

    numbers = tensor.detach().tolist()
    return shortest(numbers) if tensor.dtype in (torch.float32, torch.float16, torch.bfloat16) else numbers


def _plain(value, where):
    """A JSON value for a number, string, bool, torch.Size, small tensor, or a list of them."""
    import torch

    if isinstance(value, torch.Tensor):
        if value.numel() > MAX_ELEMENTS:
            raise RecordError(f"{where} is a tensor of {value.numel()} elements; record at most {MAX_ELEMENTS}")
        return plain(value)
    if isinstance(value, (int, str)) or value is None:  # a bool is an int
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, (list, tuple)):  # torch.Size is a tuple
        return [_plain(v, f"{where}[{i}]") for i, v in enumerate(value)]
    raise RecordError(f"{where} is a {type(value).__name__}, not a number, string, shape or small tensor")


def record_file(namespace, paths, snippet):
    """The text of `<name>.values.json`: the value at each of `paths` (e.g. "y.grad", "out.shape[0]") in a
    finished run's globals."""
    values = {}
    for path in sorted(paths):
        where = f"{snippet}: {path}"
        if not PATH.fullmatch(path):
            raise RecordError(f"{where}: not a value path (a variable, then .attribute or [index] steps)")
        try:  # a checked path: a name, attributes and integer indices, nothing else
            values[path] = _plain(eval(path, {"__builtins__": {}}, namespace), where)
        except (NameError, AttributeError, IndexError, TypeError) as exc:
            raise RecordError(f"{where}: {exc}") from exc
    return f"{json.dumps(values, ensure_ascii=False, indent=2)}\n"


def lookup(snippet, path, root):
    """The recorded value, or RecordError saying what is missing and the command that records it."""
    program = snippet_file(snippet, root)
    if not program.is_file():
        raise RecordError(f"no snippet {snippet!r} (snippets/{snippet}.py does not exist)")
    values = json.loads(stored(values_path(program)) or "{}")
    if path not in values:
        raise RecordError(
            f"snippets/{snippet}.py has no recorded value {path!r} "
            f"(snippets/{snippet}.values.json); record it from a real run: ./dev outputs snippets/{snippet}.py"
        )
    return values[path]
