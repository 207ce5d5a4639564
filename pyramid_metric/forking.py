"""Forked worker processes (``Dataset.map(num_proc=N)``, ``multiprocessing`` with fork) get one torch thread.

torch's OpenMP thread pool does not survive ``fork``: a child forked after the parent ran a parallel torch
operation waits forever at its first one. Once the package is used (a scorer or segmenter is made),
every process forked afterwards sets torch to one intra-op thread before it runs any code (the workers are
the parallelism), as torch's own ``DataLoader`` does in its workers. Nothing is done in a child whose parent had
not imported torch.

Scores do not depend on the thread count: on some processors (AVX-512 ones among them) MKL, which computes
torch's matrix products on the CPU, splits a product differently with one thread and with two, and the
encoder's states then differ in their last bits, enough to move a score by 1e-8. Importing the package asks
MKL for its strict reproducible mode (:func:`thread_independent_products`, ``MKL_CBWR=AUTO,STRICT``: the same
bits for any number of threads, on the processor's own code path) unless the user set ``MKL_CBWR``; MKL reads it
at its first call, so the package must be imported before the process runs a torch matrix product for it to take
effect. numpy's BLAS is held to one thread for the products of word vectors
(:func:`pyramid_metric.match.base.dot_products`).
"""
import os
import sys

_installed = False


def thread_independent_products() -> None:
    """MKL's strict reproducible mode for this process, unless the user chose a mode (module docstring)."""
    os.environ.setdefault("MKL_CBWR", "AUTO,STRICT")


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


__all__ = ["guard_forked_children", "thread_independent_products"]
