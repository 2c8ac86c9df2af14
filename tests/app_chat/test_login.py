"""Chat login, as an attacker probes it: the cost of a password check (new hashes at 600,000 PBKDF2
iterations; an unknown user costs exactly what a known one does), old hashes upgraded at the next login,
and the rate limit per user name and client address, on a fake clock."""
from __future__ import annotations

import asyncio
import os
import stat
import threading

import pytest

from app_chat import auth
from app_chat.auth import ITERATIONS, PasswordFile, check_password, hash_password, load_users, parse_hash, sign_in
from app_chat.ratelimit import LoginLimiter, refusal_text

PASSWORD = "correct horse battery staple"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def kdf_calls(monkeypatch) -> list[tuple]:
    """Every KDF run (its iteration count) and every digest comparison of the password checks."""
    calls: list[tuple] = []
    real_kdf, real_compare = auth.kdf, auth.hmac.compare_digest

    def kdf(password, salt, iterations):
        calls.append(("kdf", iterations))
        return real_kdf(password, salt, iterations)

    def compare(a, b):
        calls.append(("compare_digest", len(a), len(b)))
        return real_compare(a, b)

    monkeypatch.setattr(auth, "kdf", kdf)
    monkeypatch.setattr(auth.hmac, "compare_digest", compare)
    return calls


def test_new_hashes_cost_600000_iterations_and_name_their_count():
    stored = hash_password(PASSWORD)
    iterations, salt, digest = parse_hash(stored)
    assert ITERATIONS >= 600_000 and iterations == ITERATIONS and stored.split("$")[1] == str(ITERATIONS)
    assert len(salt) == 16 and len(digest) == 32 and PASSWORD not in stored
    assert check_password(PASSWORD, stored) and not check_password("wrong", stored)


def test_an_unknown_user_costs_the_same_kdf_and_comparison_as_a_known_one(tmp_path, kdf_calls):
    f = tmp_path / "passwords"
    f.write_text(f"alice:{hash_password(PASSWORD)}\nold:{hash_password(PASSWORD, iterations=200_000)}\n"
                 "broken:pbkdf2_sha256$many$zz$zz\n")
    accounts = PasswordFile(f)

    def cost(name: str, password: str) -> tuple[bool, list[tuple]]:
        kdf_calls.clear()
        return accounts.verify(name, password), list(kdf_calls)

    known = cost("alice", "wrong guess")
    assert known == (False, [("kdf", ITERATIONS), ("compare_digest", 32, 32)])
    assert cost("nobody", "wrong guess") == known  # no such user: a dummy hash at the same cost
    assert cost("broken", "wrong guess") == known  # a damaged line is an unknown user
    assert cost("alice", PASSWORD) == (True, known[1])
    # an old, cheaper hash makes up the difference: its total is the current cost
    ok, calls = cost("old", "wrong guess")
    assert not ok and sum(c[1] for c in calls if c[0] == "kdf") == ITERATIONS
    assert [c for c in calls if c[0] == "compare_digest"] == [("compare_digest", 32, 32)]


def test_an_old_hash_still_verifies_and_is_rehashed_at_the_current_cost(tmp_path):
    f = tmp_path / "passwords"
    bob = hash_password("bob's own password")
    old = hash_password(PASSWORD, iterations=1000)
    f.write_text(f"alice:{old}\nbob:{bob}\n")
    accounts = PasswordFile(f)
    assert not accounts.verify("alice", "wrong guess") and load_users(f)["alice"] == old  # no upgrade on a failure
    assert accounts.verify("alice", PASSWORD)
    users = load_users(f)
    assert parse_hash(users["alice"])[0] == ITERATIONS and users["bob"] == bob
    assert stat.S_IMODE(f.stat().st_mode) == 0o600
    assert accounts.verify("alice", PASSWORD) and not accounts.verify("alice", "wrong guess")


def test_a_rehash_never_overwrites_a_password_changed_meanwhile(tmp_path):
    f = tmp_path / "passwords"
    accounts = PasswordFile(f)
    accounts.update("alice", hash_password("the new password"))
    assert not accounts.update("alice", hash_password(PASSWORD), only_if=hash_password(PASSWORD, iterations=1000))
    assert accounts.verify("alice", "the new password")


def test_users_added_at_once_are_all_kept(tmp_path):
    """The server re-hashing and `users add` write the same file: the lock keeps every change."""
    f = tmp_path / "passwords"
    threads = [threading.Thread(target=PasswordFile(f).update, args=(f"user{i}", f"pbkdf2_sha256$1$00${i:02x}"))
               for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(load_users(f)) == sorted(f"user{i}" for i in range(20))


def test_a_user_added_or_removed_counts_without_a_restart(tmp_path):
    f = tmp_path / "passwords"
    f.write_text("")
    accounts = PasswordFile(f)
    assert not accounts.verify("alice", PASSWORD)
    accounts.update("alice", hash_password(PASSWORD, iterations=1000))
    assert accounts.verify("alice", PASSWORD)
    f.write_text("")
    assert not accounts.verify("alice", PASSWORD)


def test_five_failures_refuse_the_user_until_the_oldest_leaves_the_window():
    clock = FakeClock()
    limiter = LoginLimiter(clock=clock)
    for i in range(5):  # from five addresses: the limit is the account's
        assert limiter.acquire("bob", f"203.0.113.{i}").allowed
        clock.advance(10)
    refused = limiter.acquire("bob", "198.51.100.1")
    assert not refused.allowed and refused.wait == pytest.approx(300 - 50)
    assert limiter.acquire("alice", "198.51.100.1").allowed  # another user is not affected
    clock.advance(249)
    assert not limiter.acquire("bob", "198.51.100.1").allowed
    clock.advance(1)
    assert limiter.acquire("bob", "198.51.100.1").allowed
    assert not limiter.acquire("bob", "198.51.100.1").allowed  # the next one only when the next failure expires
    assert refusal_text(refused.wait) == "Too many failed sign-ins: try again in 4 minutes."


def test_five_failures_refuse_the_address_whatever_the_user_name():
    clock = FakeClock()
    limiter = LoginLimiter(clock=clock)
    for i in range(5):
        assert limiter.acquire(f"user{i}", "203.0.113.7").allowed
    assert not limiter.acquire("user5", "203.0.113.7").allowed
    assert limiter.acquire("user5", "198.51.100.1").allowed
    clock.advance(300)
    assert limiter.acquire("user6", "203.0.113.7").allowed


def test_without_a_client_address_one_global_bucket_applies():
    limiter = LoginLimiter(clock=FakeClock())
    for i in range(5):
        assert limiter.acquire(f"user{i}", None).allowed
    assert not limiter.acquire("someone else", None).allowed
    assert limiter.acquire("someone else", "198.51.100.1").allowed


def test_a_successful_login_forgets_the_users_failures():
    clock = FakeClock()
    limiter = LoginLimiter(clock=clock)
    for _ in range(4):
        limiter.acquire("alice", "198.51.100.1")
    limiter.succeeded(limiter.acquire("alice", "198.51.100.1"))
    for _ in range(4):
        assert limiter.acquire("alice", "198.51.100.2").allowed
    # the address that failed four times keeps those four
    assert limiter.acquire("mallory", "198.51.100.1").allowed
    assert not limiter.acquire("mallory", "198.51.100.1").allowed


def test_parallel_guesses_cannot_slip_past_the_limit():
    """An attempt counts from the moment it is allowed, before the password is checked."""
    limiter = LoginLimiter(clock=FakeClock())
    barrier = threading.Barrier(40)
    allowed: list[bool] = []

    def guess() -> None:
        barrier.wait()
        allowed.append(limiter.acquire("bob", "203.0.113.7").allowed)

    threads = [threading.Thread(target=guess) for _ in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert allowed.count(True) == 5


def test_a_refused_login_checks_no_password(tmp_path, kdf_calls):
    f = tmp_path / "passwords"
    f.write_text(f"alice:{hash_password(PASSWORD, iterations=1000)}\n")
    accounts, clock = PasswordFile(f), FakeClock()
    limiter = LoginLimiter(clock=clock)
    for i in range(5):
        assert not asyncio.run(sign_in(accounts, limiter, "alice", f"guess {i}"))
    kdf_calls.clear()
    assert not asyncio.run(sign_in(accounts, limiter, "alice", PASSWORD))
    assert kdf_calls == []
    clock.advance(300)
    assert asyncio.run(sign_in(accounts, limiter, "alice", PASSWORD))


def test_the_users_command_writes_an_owner_only_file(tmp_path, monkeypatch):
    from app_chat import users  # noqa: PLC0415

    old_umask = os.umask(0o022)
    try:
        monkeypatch.setattr(users.getpass, "getpass", lambda prompt="": PASSWORD)
        f = tmp_path / "new" / "chat" / "passwords"
        assert users.main(["add", "alice", "--file", str(f)]) == 0
        assert stat.S_IMODE(f.stat().st_mode) == 0o600
        assert stat.S_IMODE(f.parent.stat().st_mode) == stat.S_IMODE(f.parent.parent.stat().st_mode) == 0o700
        assert check_password(PASSWORD, load_users(f)["alice"]) and parse_hash(load_users(f)["alice"])[0] == ITERATIONS
        f.chmod(0o644)
        assert users.main(["add", "bob", "--file", str(f)]) == 0
        assert stat.S_IMODE(f.stat().st_mode) == 0o600 and sorted(load_users(f)) == ["alice", "bob"]
        assert not [p.name for p in f.parent.iterdir() if stat.S_IMODE(p.stat().st_mode) & 0o077]
    finally:
        os.umask(old_umask)
