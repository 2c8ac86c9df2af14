"""The chat with the LLM engine, in Chromium (issue 18): a model that invents a board member and a notice
number; the analyst sees neither in the answer, and the trace shows the grounding check that removed them."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.app_chat.conftest import running_chat
from tests.app_chat.test_browser import ask
from tests.support.browser import chromium_page
from tests.support.fake_openai import FakeOpenAI

INVENTED = "HR01-1000999001"


def test_an_invented_citation_never_reaches_the_chat_and_the_check_is_in_the_trace(built_world, truth, tmp_path):
    uid, name = next((u, truth.name(u)) for u, c in sorted(truth.companies.items())
                     if c["status"] == "active" and "," not in truth.name(u) and len(truth.name(u).split()) >= 2)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            return "enough"  # the first call was the plan's; nothing more
        return f"The board of {name} consists of Dr. Hans Zwygart ({INVENTED}, 2019-03-04). {name} is registered as {uid}."

    with FakeOpenAI(respond) as server, running_chat(built_world.settings, tmp_path, OPENAI_BASE_URL=server.base_url,
                                                     LLM_MODEL="test-model", AGENT_ENGINE="llm") as chat:
        with chromium_page() as page:
            page.goto(chat.url + "/")
            page.locator("#chat-input").wait_for(timeout=30_000)
            page.get_by_text("Ranking").wait_for(timeout=30_000)
            page.wait_for_timeout(1500)
            ask(page, f"Who sits on the board of {name}?")
            page.get_by_text(f"Dossier mode: {name}").wait_for(timeout=90_000)
            answer = page.locator(".step").last
            expect(answer).to_contain_text(f"{name} is registered as {uid}.", timeout=30_000)
            expect(answer).to_contain_text("not supported by the retrieved data were removed")
            assert INVENTED not in answer.inner_text() and "Zwygart" not in answer.inner_text()
            page.locator("button[id^='step-Agent']").first.click()
            check = page.locator("button[id^='step-grounding']").first
            check.wait_for(timeout=10_000)
            expect(check).to_contain_text("1 unsupported statement removed")
