"""`python -m data_pipeline parse FILE_OR_DIR... [--json] [--quarantine FILE]`

Reads SHAB per-publication XML exports and API JSON objects. Malformed files are quarantined with
the reason (stderr, and the JSONL file given with --quarantine); the rest is read. Exit status 0
when every file was read, 1 when something was quarantined or nothing was found.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from data_pipeline.model import Publication
from data_pipeline.sources import Quarantine, read_publications


def _line(p: Publication) -> str:
    c = p.company
    who = p.subject_name or "-"
    extra = f" ({c.uid})" if c and c.uid else ""
    place = f", {c.seat}" if c and c.seat else ""
    return f"{p.publication_number}  {p.publication_date}  {p.sub_rubric}  {p.language or '--'}  {who}{extra}{place}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline parse", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="files or directories (.xml, .json)")
    ap.add_argument("--json", action="store_true", help="print a JSON array of publications")
    ap.add_argument("--quarantine", type=Path, help="append quarantined records to this JSONL file")
    args = ap.parse_args(argv)

    n = 0
    with Quarantine(args.quarantine) as q:
        if args.json:
            sys.stdout.write("[")
        for pub in read_publications(args.inputs, q):
            if args.json:
                sys.stdout.write(("," if n else "") + "\n" + json.dumps(pub.to_dict(), ensure_ascii=False))
            else:
                print(_line(pub))
            n += 1
        if args.json:
            sys.stdout.write("\n]\n")
        for e in q.entries:
            print(f"quarantined: {e.source}: {e.reason}", file=sys.stderr)
        print(f"parsed {n} publication(s), quarantined {q.count}", file=sys.stderr)
    return 0 if n and not q.count else 1


if __name__ == "__main__":
    raise SystemExit(main())
