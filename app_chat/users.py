"""`python -m app_chat.users add NAME [--file PATH]`: add or replace a chat login (password asked twice).
The file is written atomically with mode 0600 (its directory 0700 when this creates it)."""
from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

from app_chat.auth import PasswordFile, hash_password


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
    PasswordFile(args.file).update(args.name, hash_password(password))
    print(f"{args.name} can log in (file {args.file}); set CHAT_PASSWORDS_FILE={args.file} and CHAINLIT_AUTH_SECRET")
    return 0


if __name__ == "__main__":
    sys.exit(main())
