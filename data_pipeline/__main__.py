"""`python -m data_pipeline COMMAND ...`

  parse FILE_OR_DIR... [--json] [--quarantine FILE]   read SHAB XML/JSON and print the publications
  generate --publications N --seed S --out DIR        write a synthetic SHAB world with ground truth
  build --input DIR_OR_FILES... [--extractor rules|llm] [--privacy [--tokenize-ids]] [--json]
                                                      phases 1-3 into the configured graph (bad records
                                                      are quarantined; --privacy pseudonymizes first)
  stats [--json]                                      Table-7 summary of the current graph
  quality --world DIR [--json]                        extraction and identity P/R against the truth
  demo                                                generate (once) and build (once) the demo world
  reveal TOKEN                                        original value of a privacy token (needs the table)
"""
from __future__ import annotations

import sys

from data_pipeline import cli_parse


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "parse":
        return cli_parse.main(rest)
    if command in ("build", "stats"):
        from data_pipeline import cli_build  # noqa: PLC0415 - needs the graph driver

        return cli_build.main_build(rest) if command == "build" else cli_build.main_stats(rest)
    if command == "demo":
        from data_pipeline.demo import main as demo  # noqa: PLC0415

        return demo(rest)
    if command == "reveal":
        from data_pipeline.privacy import main_reveal  # noqa: PLC0415

        return main_reveal(rest)
    if command == "quality":
        from data_pipeline.quality import main as quality  # noqa: PLC0415

        return quality(rest)
    if command == "generate":
        from data_pipeline.generator.cli import main as generate  # noqa: PLC0415 - loaded only when used

        return generate(rest)
    print(f"unknown command {command!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
