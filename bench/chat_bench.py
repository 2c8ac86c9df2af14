"""The chat in Chromium on the demo graph (offline engine): time to first token and to the full
answer, as the user sees them, and the chat server's memory. Builds the demo graph first where `make demo` has not."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.common import demo_graph, free_port, tree_rss

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
QUESTIONS = ["What is the address of Tanovvo Gartenbau?", "Who are its board members?", "Show its network",
             "Top 10 companies by capital in Geneva", "How many bankruptcies were there per year?",
             "Wie viele Konkurse gab es im Kanton Zürich 2024?", "Which notices mention Gartenbau?",
             "When was it founded?"]
DONE = "Answered by the offline engine"


def _send(page: object, question: str) -> tuple[float, int]:
    """Types the question and presses Enter; returns, once the page took it (its user message shown), when the press
    it took was made and how many presses it needed. While the previous answer's network plot is first drawn
    (Plotly's script loaded and run), the page can ignore an Enter and keep the text, as it does for a user, who
    presses again: so does this, once, and the press that was taken starts the clock."""
    from playwright.sync_api import TimeoutError as NotTaken  # noqa: PLC0415

    asked = page.locator("[data-step-type='user_message']")
    n = asked.count()
    page.locator("#chat-input").fill(question)
    t0 = time.perf_counter()
    page.keyboard.press("Enter")
    try:
        asked.nth(n).wait_for(timeout=5_000)
        return t0, 1
    except NotTaken:
        page.locator("#chat-input").focus()
        t0 = time.perf_counter()
        page.keyboard.press("Enter")
        asked.nth(n).wait_for(timeout=5_000)
        return t0, 2


def main() -> None:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    demo_graph()
    port = free_port()
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen([sys.executable, "-m", "chainlit", "run", "app_chat/app.py", "--headless", "--host",
                             "127.0.0.1", "--port", str(port)], cwd=root, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url, timeout=2)  # noqa: S310 - local server
                break
            except OSError:
                time.sleep(0.5)
        first, full, resent = [], [], 0
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url)
            page.get_by_text("Ranking").wait_for(timeout=60_000)
            page.wait_for_timeout(1500)
            for i, q in enumerate(QUESTIONS):
                answers = page.locator("[data-step-type='assistant_message']")
                n = answers.count()
                t0, presses = _send(page, q)
                resent += presses > 1
                answers.nth(n).wait_for(timeout=120_000)
                first.append(time.perf_counter() - t0)
                page.get_by_text(DONE).nth(i).wait_for(timeout=120_000)
                full.append(time.perf_counter() - t0)
            browser.close()
        rss = tree_rss(proc.pid) / 2**20
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    print(f"== chat in Chromium, offline engine, demo graph: {len(QUESTIONS)} questions ==")
    print(f"time to first token: median {statistics.median(first):.2f} s, max {max(first):.2f} s")
    print(f"time to full answer: median {statistics.median(full):.2f} s, max {max(full):.2f} s")
    print(f"chat server RSS after the questions: {rss:,.0f} MB; questions the page took at a second Enter: {resent}")


if __name__ == "__main__":
    main()
