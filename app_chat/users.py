"""`python -m app_chat.users add NAME [--file PATH]`: add or replace a chat login (password asked twice)."""
from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

from app_chat.auth import hash_password, load_users


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app_chat.users")
    ap.add_argument("command", choices=["add"])
    ap.add_argument("name")
    ap.add_argument("--file", type=Path, default=Path(os.environ.get("CHAT_PASSWORDS_FILE", "data/chat/passwords")))
    args = ap.parse_args(argv)
    password = getpass.getpass(f"password for {args.name}: ")
    if len(password) < 10 or password != getpass.getpass("again: "):
        print("error: passwords differ or are shorter than 10 characters", file=sys.stderr)
        return 2
    users = load_users(args.file) if args.file.exists() else {}
    users[args.name] = hash_password(password)
    args.file.parent.mkdir(parents=True, exist_ok=True)
    args.file.write_text("".join(f"{u}:{h}\n" for u, h in users.items()), encoding="utf-8")
    args.file.chmod(0o600)
    print(f"{args.name} can log in (file {args.file}); set CHAT_PASSWORDS_FILE={args.file} and CHAINLIT_AUTH_SECRET")
    return 0


if __name__ == "__main__":
    sys.exit(main())
