"""Forked worker processes (``Dataset.map(num_proc=N)``, ``multiprocessing`` with fork) get one torch thread.

torch's OpenMP thread pool does not survive ``fork``: a child forked after the parent ran a parallel torch
operation waits forever at its first one. Once the package is used (a scorer or segmenter is made),
every process forked afterwards sets torch to one intra-op thread before it runs any code (the workers are
the parallelism), as torch's own ``DataLoader`` does in its workers. Scores do not depend on the thread
count. Nothing is done in a child whose parent had not imported torch.
"""
import os
import sys

_installed = False


def _one_torch_thread() -> None:
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def guard_forked_children() -> None:
    """Register (once per process) the fork handler that gives forked children one torch thread."""
    global _installed
    if not _installed and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_one_torch_thread)
        _installed = True


__all__ = ["guard_forked_children"]
