"""``evaluate.load("pyramid")`` loads without a word, offline, in a fresh ``HF_HOME``: the startup hook puts the
module script where evaluate's Hub loader finds it (its download cache), not only where its fallback does (the
module cache, which prints "Using the latest cached version of the module ...")."""
import os
import subprocess
import sys
from pathlib import Path

from pyramid_metric._hook import MODULE_SOURCE, hub_url, register_download


def test_evaluate_load_prints_nothing_offline_with_a_fresh_hf_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "XDG_CACHE"))}
    env.update(HF_HOME=str(tmp_path / "fresh-hf-home"), HF_HUB_OFFLINE="1", HF_EVALUATE_OFFLINE="1",
               HF_DATASETS_OFFLINE="1")
    code = "import evaluate\nm = evaluate.load('pyramid')\nassert type(m).__name__ == 'Pyramid'\n"
    p = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout == "" and p.stderr == ""


def test_the_download_entry_is_written_once_and_repaired(tmp_path):
    downloads = tmp_path / "downloads"
    path = Path(register_download(str(downloads), "v1.2.3"))
    assert path.read_text(encoding="utf-8") == MODULE_SOURCE
    import hashlib

    assert path.name == hashlib.sha256(hub_url("v1.2.3").encode()).hexdigest() + ".py"
    assert hub_url("v1.2.3").endswith("/spaces/evaluate-metric/pyramid/resolve/v1.2.3/pyramid.py")
    stamp = path.stat().st_mtime_ns
    assert register_download(str(downloads), "v1.2.3") == str(path) and path.stat().st_mtime_ns == stamp
    path.write_text("raise SystemExit('modified')\n")
    assert register_download(str(downloads), "v1.2.3") == str(path)
    assert path.read_text(encoding="utf-8") == MODULE_SOURCE
