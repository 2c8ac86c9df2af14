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
        # a follow-up with a pronoun is about the selected entity
        persons = page.get_by_text(f"Persons in the notices of {name}")
        before = persons.count()
        ask(page, "Who are its board members?")
        expect(persons).to_have_count(before + 1, timeout=60_000)
        expect(page.get_by_text(f"Dossier mode: {name}")).to_have_count(2)
