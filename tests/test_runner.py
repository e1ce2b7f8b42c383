"""runner.reset_global_state: each snippet starts from a new interpreter's state, whatever the one before
it left behind (its check may be kept, so the next snippet to run is not always the same)."""

import numpy
import torch

from docs_pipeline.runner import reset_global_state


def _state():
    return [
        torch.is_anomaly_enabled(),
        torch.are_deterministic_algorithms_enabled(),
        torch.is_deterministic_algorithms_warn_only_enabled(),
        torch.get_float32_matmul_precision(),
        torch.get_num_threads(),
        torch.get_default_device(),
        torch.get_default_dtype(),
        torch.is_grad_enabled(),
        numpy.get_printoptions(),
    ]


def test_a_setting_a_snippet_leaves_does_not_reach_the_next():
    reset_global_state(1)
    fresh = _state()
    torch.autograd.set_detect_anomaly(True)
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.set_float32_matmul_precision("medium")
    torch.set_num_threads(1 if torch.get_num_threads() > 1 else 2)
    torch.set_default_device("meta")
    torch.set_default_dtype(torch.float64)
    torch.set_grad_enabled(False)
    numpy.set_printoptions(precision=2)
    changed = _state()
    reset_global_state(1)
    assert _state() == fresh
    assert all(a != b for a, b in zip(changed, fresh, strict=True)), changed  # each setting really was changed
