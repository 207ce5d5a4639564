"""The Hub Space, tested as a person uses it: ``metric_card/app.py`` served on localhost, driven by headless
Chromium (Debian ``chromium`` + ``chromium-driver``, through selenium): load the example, press Score, and see
the score and the highlighted explanation. Skips, saying why, only when gradio, selenium or Chromium is not
installed (.ci/run installs them). Set ``PYRAMID_UPDATE_SCREENSHOTS=1`` to refresh docs/space.png.
"""
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import headless_chromium

ROOT = Path(__file__).resolve().parent.parent


def test_explain_function_returns_score_and_highlights():
    from pyramid_metric.space import example, explain, split_references

    source, refs, summary = example()
    assert len(split_references(refs)) == 4
    score, html = explain(source, refs, summary)
    assert 0 < score <= 1 and '<mark class="sw"' in html and "earned credit" in html
    assert "OPT_" not in html and "nrefs:" not in html  # the signature is shown once, by the page, not here
    assert "<h2>" not in html  # one example: no "Example" heading
    assert html.count('<p class="ref">') == 4 and "<details><summary>Source document" in html
    with pytest.raises(ValueError, match="at least one reference"):
        explain(source, " \n ", summary)


@pytest.fixture
def app_url(tmp_path):
    pytest.importorskip("gradio", reason="the Space needs the [space] extra (gradio)")
    with serving(sys.executable, ROOT / "metric_card" / "app.py", tmp_path) as url:
        yield url


def load_example(browser, wait, tries: int = 30) -> None:
    """Click the example in the Examples table until it has filled the source box (a click made before the
    page's scripts are ready does nothing)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC

    from pyramid_metric.space import example

    source = example()[0]
    for _ in range(tries):
        wait.until(EC.element_to_be_clickable(
            (By.XPATH, "//*[contains(@class, 'gallery') or self::table]//*[contains(text(), 'Lucero')]"))).click()
        time.sleep(1)
        if browser.find_element(By.CSS_SELECTOR, "#source textarea").get_attribute("value")[:40] == source[:40]:
            return
    raise AssertionError("clicking the example did not fill the source box")


@contextlib.contextmanager
def serving(python, app, cwd):
    """The URL of ``app`` served by ``python`` on a free local port, until the block ends."""
    tmp_path = Path(cwd)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, GRADIO_SERVER_NAME="127.0.0.1", GRADIO_SERVER_PORT=str(port),
               GRADIO_ANALYTICS_ENABLED="False", HF_HUB_OFFLINE="1", HF_HUB_DISABLE_TELEMETRY="1",
               NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost")
    log = open(tmp_path / "app.log", "w")
    proc = subprocess.Popen([str(python), str(app)], cwd=tmp_path, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 180
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                raise AssertionError("the app did not start:\n" + (tmp_path / "app.log").read_text()[-3000:])
            time.sleep(1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture
def browser(tmp_path):
    driver = headless_chromium(tmp_path, "1400,1300")
    try:
        yield driver
    finally:
        driver.quit()


def test_space_in_headless_chromium(browser, app_url, tmp_path):  # browser first: skip before starting the app
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 180)
    browser.get(app_url)
    wait.until(EC.element_to_be_clickable((By.ID, "score-button")))
    # before anything is scored: an invitation, no score of 0, the configuration stated once
    page = browser.find_element(By.TAG_NAME, "body").text
    assert "appear here" in browser.find_element(By.ID, "explanation").text
    assert not any(c.isdigit() for c in browser.find_element(By.ID, "explanation").text)  # no score of 0
    assert "Pyramid score" not in page and not browser.find_elements(By.CSS_SELECTOR, "input[type=number]")
    assert page.count("method:refpyramid") == 1 and "OPT_" not in page and "Example 0" not in page
    # enter the example as a user does: click it in the Examples table, which fills the three boxes
    load_example(browser, wait)
    browser.find_element(By.ID, "score-button").click()
    word = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#explanation .pm-report mark.sw")))
    score = float(browser.find_element(By.CSS_SELECTOR, "#explanation .score").text)
    assert 0 < score <= 1
    text = browser.find_element(By.ID, "explanation").text
    assert "earned credit" in text and f"= {score:.3f}" in text
    assert "Weight 4: expressed by 4 of 4 references" in text and "OPT_" not in text and "Example" not in text
    page = browser.find_element(By.TAG_NAME, "body").text
    assert page.count("method:refpyramid") == 1  # the signature, once
    # a marked summary word is one word, styled by the scoped CSS, and supports a unit shown on the page
    assert len(word.text.split()) == 1
    assert word.value_of_css_property("background-color") in ("rgba(219, 231, 251, 1)", "rgb(219, 231, 251)")
    unit = word.get_attribute("data-u").split()[0]
    row = browser.find_element(By.CSS_SELECTOR, f"#explanation tr.unit[data-u='{unit}']")
    bar = row.find_element(By.CSS_SELECTOR, ".bar span")
    assert 0 < bar.size["width"] <= row.find_element(By.CSS_SELECTOR, ".bar").size["width"]
    # the source on demand: hidden until its <details> is opened
    src = browser.find_element(By.CSS_SELECTOR, "#explanation .source")
    assert not src.is_displayed()
    browser.find_element(By.CSS_SELECTOR, "#explanation details summary").click()
    wait.until(lambda d: src.is_displayed())
    shot = tmp_path / "space.png"
    browser.execute_script("window.scrollTo(0, 0)")
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10000
    if os.environ.get("PYRAMID_UPDATE_SCREENSHOTS"):
        shutil.copy(shot, ROOT / "docs" / "space.png")


def test_metric_card_has_evaluate_layout():
    card = (ROOT / "metric_card" / "README.md").read_text(encoding="utf-8")
    header = card.split("---")[1]
    for key in ("title:", "sdk: gradio", "app_file: app.py", "- evaluate", "- metric", "description:"):
        assert key in header
    sections = ["# Metric Card for Pyramid", "## Metric Description", "## How to Use", "### Inputs",
                "### Output Values", "#### Values from Popular Papers", "### Examples", "## Limitations and Bias",
                "## Citation", "## Further References"]
    positions = [card.index(s) for s in sections]
    assert positions == sorted(positions)
    assert card.count("@inproceedings") == 5  # the five seed papers
    reqs = (ROOT / "metric_card" / "requirements.txt").read_text(encoding="utf-8")
    assert "pyramid-metric[space] @ git+" in reqs and "evaluate" in reqs and "torch==" in reqs  # not on PyPI
    assert "pyramid-metric[space]==" not in reqs and "pip install pyramid-metric`" not in card


def test_an_error_replaces_the_previous_explanation():
    from pyramid_metric.space import example, respond

    source, refs, summary = example()
    shown = respond(source, refs, summary)
    assert "earned credit" in shown
    shown = respond(source, " \n ", summary)  # the page's explanation is replaced by what respond returns
    assert "at least one reference" in shown and "earned credit" not in shown and 'role="alert"' in shown
    assert "the summary is empty" in respond(source, refs, "  ")


# --- the Space folder a machine that reaches only PyPI installs: scripts/tools/space_folder.py ----------------
@pytest.fixture(scope="module")
def space_folder(tmp_path_factory):
    """(folder, python): the Space folder written by the script, installed from its own requirements.txt into a
    fresh virtual environment (it reuses this one's packages, --system-site-packages, so that it installs
    offline: pip takes nothing from an index, --no-index, and the package itself only from the folder's wheel)."""
    pytest.importorskip("gradio", reason="the Space needs the [space] extra (gradio)")
    pytest.importorskip("hatchling", reason="building the wheel offline needs hatchling (the [test] extra)")
    tmp = tmp_path_factory.mktemp("space-folder")
    folder, venv = tmp / "space", tmp / "venv"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "tools" / "space_folder.py"), str(folder)], check=True,
                   timeout=600)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    # run from a virtual environment, --system-site-packages reaches the interpreter's packages, not this
    # environment's: a .pth file puts this environment's after the new one's own
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True, timeout=300).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "outer_environment.pth").write_text("".join(f"{d}\n" for d in sorted(ours)), encoding="utf-8")
    # the venv's own old setuptools would hide the newer one torch requires
    subprocess.run([str(python), "-m", "pip", "uninstall", "-q", "-y", "setuptools"], check=True, timeout=300)
    subprocess.run([str(python), "-m", "pip", "install", "--no-index", "-q", "-r", "requirements.txt"],
                   cwd=folder, check=True, timeout=900)
    return folder, python


def test_space_folder_holds_the_wheel_its_requirements_install(space_folder):
    folder, python = space_folder
    wheels = list(folder.glob("pyramid_metric-*.whl"))
    assert len(wheels) == 1 and f"./{wheels[0].name}[space]" in (folder / "requirements.txt").read_text()
    assert {"README.md", "app.py", "pyramid.py", "requirements.txt"} <= {p.name for p in folder.iterdir()}
    code = ("import app, pyramid_metric\n"
            "from pyramid_metric.space import example, respond\n"
            "print(pyramid_metric.__file__)\n"
            "print('earned credit' in respond(*example()))\n")
    p = subprocess.run([str(python), "-c", code], cwd=folder, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, HF_HUB_OFFLINE="1"))
    assert p.returncode == 0, p.stderr[-3000:]
    where, explained = p.stdout.split()[-2:]
    assert where.startswith(str(python.parent.parent)) and explained == "True"  # the wheel's copy, not this one


def test_space_folder_serves_in_headless_chromium(browser, space_folder, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    folder, python = space_folder
    with serving(python, folder / "app.py", tmp_path) as url:
        wait = WebDriverWait(browser, 420)  # the first score loads every model from the fresh environment
        browser.get(url)
        wait.until(EC.element_to_be_clickable((By.ID, "score-button")))
        load_example(browser, wait)
        browser.find_element(By.ID, "score-button").click()
        wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#explanation .pm-report mark.sw")))
        assert 0 < float(browser.find_element(By.CSS_SELECTOR, "#explanation .score").text) <= 1
        # an error then takes the explanation's place
        refs = browser.find_element(By.CSS_SELECTOR, "#references textarea")
        refs.clear()
        refs.send_keys(" ")
        browser.find_element(By.ID, "score-button").click()
        wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#explanation .pm-error")))
        assert not browser.find_elements(By.CSS_SELECTOR, "#explanation .pm-report")
