"""One ``evaluate.load("pyramid")`` module shared by several threads (a web server, an evaluation harness's thread
pool): each thread's ``compute``, ``add`` and ``add_batch`` work on that thread's own examples, and every thread
gets the scores a lone caller gets, in the default, "floats" and "contextual" configurations."""
import threading
from pathlib import Path

import evaluate
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("The storm hit the coast on Monday. Thousands of homes lost power. Officials opened shelters in three "
          "towns. Schools will stay closed until Friday.")
REFERENCES = ["A storm hit the coast and thousands of homes lost power.",
              "Shelters opened in three towns; schools stay closed until Friday."]
PREDICTIONS = ["The storm left thousands of homes without power.", "Schools will stay closed until Friday.",
               "Officials opened shelters in three towns.", "The city approved a new budget for parks."]
THREADS, ROUNDS = 4, 3


def _in_threads(work):
    """``work(i)`` in THREADS threads started together; their results, or the first error raised."""
    results, errors = [None] * THREADS, []
    barrier = threading.Barrier(THREADS)

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as exc:  # noqa: BLE001 - reported below with its thread
            errors.append(f"thread {i}: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


@pytest.mark.parametrize("config_name", [None, "floats", "contextual"])
def test_one_module_shared_by_four_threads(config_name):
    module = evaluate.load(str(ROOT / "metric_card" / "pyramid.py"), config_name)

    def compute(i):
        return [module.compute(predictions=[PREDICTIONS[i]], references=[REFERENCES], sources=[SOURCE])
                for _ in range(ROUNDS)]

    alone = [compute(i)[0] for i in range(THREADS)]
    for i, outs in enumerate(_in_threads(compute)):
        assert outs == [alone[i]] * ROUNDS, (config_name, i)


def test_each_thread_adds_and_computes_its_own_examples():
    module = evaluate.load(str(ROOT / "metric_card" / "pyramid.py"))
    alone = module.compute(predictions=PREDICTIONS, references=[REFERENCES] * 4, sources=[SOURCE] * 4)["scores"]

    def add_then_compute(i):
        module.add(prediction=PREDICTIONS[i], reference=REFERENCES, source=SOURCE)
        module.add_batch(predictions=[PREDICTIONS[(i + 1) % 4]], references=[REFERENCES], sources=[SOURCE])
        return module.compute()["scores"]

    for i, scores in enumerate(_in_threads(add_then_compute)):
        assert scores == [alone[i], alone[(i + 1) % 4]], i
