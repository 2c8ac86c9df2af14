"""The chat in Chromium, as an analyst uses it: ask, open a tool step and read its JSON, pick a
candidate, see the dossier and the network plot, and ask a follow-up with a pronoun."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.app_chat.conftest import branch_family
from tests.support.browser import chromium_page


def ask(page, text: str) -> None:
    box = page.locator("#chat-input")
    box.fill(text)
    page.keyboard.press("Enter")


def test_ask_expand_select_dossier_network_and_follow_up(chat_server, truth):
    word, name, uid = branch_family(truth)
    with chromium_page() as page:
        page.goto(chat_server.url + "/")
        page.locator("#chat-input").wait_for(timeout=30_000)
        page.get_by_text("Ranking").wait_for(timeout=30_000)  # starters shown: the session is connected
        page.wait_for_timeout(1500)
        ask(page, f"Which companies are called {word}?")
        page.get_by_text("Which of these entities would you like to investigate further?").wait_for(timeout=60_000)
        # the turn's step, then the search tool's step inside it, with its raw JSON
        page.locator("button[id^='step-Agent']").first.click()
        tool = page.locator("button[id^='step-search_companies']").first
        tool.wait_for(timeout=10_000)
        tool.click()
        page.get_by_text('"tool": "search_companies"').first.wait_for(timeout=10_000)
        # choose the head office among the candidates: its dossier and network plot follow
        page.get_by_role("button", name=re.compile(r"^\d+\. " + re.escape(name) + "$")).click()
        page.get_by_text(f"Dossier mode: {name}").wait_for(timeout=60_000)
        assert page.get_by_text(re.compile(r"Notices about")).count() >= 1
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        assert page.locator(".js-plotly-plot .legendtext", has_text="Company").count() >= 1
        # a follow-up with a pronoun is about the selected entity, and asks for its board only
        board = page.get_by_text(re.compile(rf"^(Board members of {re.escape(name)} registered now|"
                                            rf"The notices of {re.escape(name)} name no current board members)"))
        assert board.count() == 0
        ask(page, "Who are its board members?")
        expect(board).to_have_count(1, timeout=60_000)
        expect(page.get_by_text(f"Dossier mode: {name}")).to_have_count(2)


def test_a_newly_named_company_becomes_the_subject(chat_server, truth):
    """Issue 16: a follow-up that names another company is answered about it, and the banner follows."""
    found = [(u, truth.name(u)) for u, c in sorted(truth.companies.items())
             if c["status"] == "active" and "," not in truth.name(u) and c.get("address")]
    (uid0, first) = found[0]
    uid, second = next((u, n) for u, n in found[1:]
                       if truth.companies[u]["address"]["town"] != truth.companies[uid0]["address"]["town"])
    town = truth.companies[uid]["address"]["town"]  # not the first company's town: the answer is about the second
    with chromium_page() as page:
        page.goto(chat_server.url + "/")
        page.locator("#chat-input").wait_for(timeout=30_000)
        page.get_by_text("Ranking").wait_for(timeout=30_000)
        page.wait_for_timeout(1500)
        ask(page, f"What is the address of {first}?")
        page.get_by_text(f"Dossier mode: {first}").wait_for(timeout=60_000)
        ask(page, f"Now let's look at {second}. What is its address?")
        page.get_by_text(f"Dossier mode: {second}").wait_for(timeout=60_000)
        last = page.locator(".step").last
        expect(last).to_contain_text(town, timeout=30_000)
