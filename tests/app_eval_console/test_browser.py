"""The console in Chromium: start a small evaluation from the Run page, wait for it to finish, see the
charts on the Results page and a question's drill-down."""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

from tests.conftest import ROOT, free_port
from tests.support.browser import chromium_page
from tests.support.env import clean_env


def test_start_wait_charts_and_drill_down(console_data, tmp_path):
    port = free_port()
    env = clean_env(**console_data.env())
    log = open(tmp_path / "streamlit.log", "w")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app_eval/console.py", "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url + "/_stcore/health", timeout=2)  # noqa: S310 - local server
                break
            except OSError:
                time.sleep(0.5)
        with chromium_page(1500, 1300) as page:
            page.goto(url + "/?page=Run&tiers=2,3&systems=graphrag&limit=2")
            page.get_by_role("button", name="Start").click()
            page.get_by_text("Finished. Open the Results page").wait_for(timeout=240_000)
            run_id = page.evaluate("new URLSearchParams(location.search).get('run')")
            assert run_id
            page.goto(url + f"/?page=Results&run={run_id}")
            page.get_by_text("Tier 2 · trajectory").wait_for(timeout=60_000)
            page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
            assert page.get_by_text("GraphRAG vs baseline (bars: ours with 95% CI").count() >= 1
            page.goto(url + f"/?page=Drill-down&run={run_id}")
            page.get_by_text("Reference:").wait_for(timeout=60_000)
            page.get_by_text("graphrag", exact=True).first.wait_for(timeout=30_000)
            page.get_by_text("trace (").first.click()
            page.get_by_text('"tool"').first.wait_for(timeout=30_000)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()
