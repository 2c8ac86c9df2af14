"""A persisted thread in Chromium, across a restart of the chat: log in, ask a question with several
answers, pick a candidate (the agent's candidate choice resumes from its interrupt), stop the server,
start it again, reopen the thread and ask a follow-up with a pronoun: the conversation continues from its
LangGraph checkpoint (nothing else carries the active entity)."""
from __future__ import annotations

import re
import sqlite3

from playwright.sync_api import expect

from app_chat.auth import hash_password
from tests.app_chat.conftest import branch_family, running_chat
from tests.app_chat.test_browser import ask
from tests.support.browser import chromium_page

PASSWORD = "correct horse battery staple"


def login(page, url: str) -> None:
    page.goto(url + "/login")
    page.locator("input[type='password']").wait_for(timeout=30_000)
    page.locator("input:not([type='password'])").first.fill("alice")
    page.locator("input[type='password']").fill(PASSWORD)
    page.keyboard.press("Enter")
    page.locator("#chat-input").wait_for(timeout=30_000)


def test_a_thread_resumes_from_its_checkpoint_after_a_restart(built_world, truth, tmp_path):
    word, name, uid = branch_family(truth)
    (tmp_path / "passwords").write_text(f"alice:{hash_password(PASSWORD)}\n")
    env = {"CHAT_PASSWORDS_FILE": str(tmp_path / "passwords"), "CHAT_DB": str(tmp_path / "chat.db"),
           "CHAINLIT_AUTH_SECRET": "y" * 48}
    with running_chat(built_world.settings, tmp_path, **env) as server, chromium_page() as page:
        login(page, server.url)
        page.wait_for_timeout(1500)
        ask(page, f"Which companies are called {word}?")
        page.get_by_text("Which of these entities would you like to investigate further?").wait_for(timeout=60_000)
        page.get_by_role("button", name=re.compile(r"^\d+\. " + re.escape(name) + "$")).click()
        page.get_by_text(f"Dossier mode: {name}").wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
    with sqlite3.connect(tmp_path / "chat.db") as con:
        (thread_id,) = con.execute('SELECT id FROM threads WHERE "userIdentifier" = ?', ("alice",)).fetchone()

    with running_chat(built_world.settings, tmp_path, **env) as server, chromium_page() as page:
        login(page, server.url)
        page.goto(f"{server.url}/thread/{thread_id}")
        page.get_by_text(f"Dossier mode: {name}").first.wait_for(timeout=30_000)  # the thread's history is shown
        resume = page.get_by_role("button", name=re.compile("resume", re.I))
        if resume.count():
            resume.first.click()
        page.locator("#chat-input").wait_for(timeout=30_000)
        page.wait_for_timeout(1500)
        ask(page, "Who are its board members?")
        expect(page.get_by_text(f"Persons in the notices of {name}")).to_have_count(1, timeout=60_000)
