"""Text that came from the graph (notice texts, names) stays text: it never speaks as the system in a prompt,
and never becomes a link, an image or HTML in an answer.

Prompts: `prompt_json` writes data as JSON whose `<`, `>`, `&` and line separators are \\u-escaped (still valid
JSON), so a notice can neither close nor open a tag, nor start a line of its own; `tag_text` does the same for
text placed between the loop's own tags, as character references.

Answers: every link and image form of Markdown needs an unescaped `[` (`![x](…)`, `[x](…)`, `[x][r]`, `[r]: …`,
footnotes), and raw HTML and autolinks (`<https://…>`) need a `<`. So `neutralise` backslash-escapes each `[`
not already escaped, writes each `<` as `&lt;`, and escapes the colon of `javascript:`, `vbscript:`
and `data:<type>/` URLs. Nothing else changes: tables, emphasis, code spans, citations and ordinary text are
left exactly as they are. `md_text` applies it to one value from the graph (on one line) before a template
places it; the product's own Markdown is never passed through it. `Neutraliser` does the same to an answer
streamed piece by piece (a model may copy links or HTML from the data), with the same result as `neutralise`
on the whole.
"""
from __future__ import annotations

import json
import re
from typing import Any

_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029",
                 "\x85": "\\u0085"}
_JSON_SPECIAL = re.compile("[<>&\u2028\u2029\x85]")
_LINE_BREAKS = re.compile(r"[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+")
_SCRIPT_SCHEME = re.compile(r"(?i)(?:java|vb|live)script\s{0,8}$")
_DATA_SCHEME = re.compile(r"(?i)(?<![a-z0-9+.-])data\s{0,8}$")
_MEDIA_TYPE = re.compile(r"(?i)\s{0,8}[a-z]{1,32}/")
LOOKAHEAD = 41  # the most characters after a `data:` colon that decide whether it starts a URL
LOOKBEHIND = 24  # enough for "javascript" and some spaces before a colon


def prompt_json(value: Any) -> str:
    """JSON for a prompt: one line, no `<`, `>`, `&` or line separator left raw (JSON's own \\u escapes)."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return _JSON_SPECIAL.sub(lambda m: _JSON_ESCAPES[m.group(0)], text)


def tag_text(text: str) -> str:
    """Text between the loop's own tags (or in an attribute): one line, `<`, `>`, `&` and `"` as references."""
    text = _LINE_BREAKS.sub(" ", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _escaped(text: str, i: int) -> bool:
    """Whether the character at `i` is already backslash-escaped (an odd run of backslashes before it)."""
    n = 0
    while i - n - 1 >= 0 and text[i - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def _url_colon(text: str, i: int) -> bool:
    behind = text[max(0, i - LOOKBEHIND): i]
    if _SCRIPT_SCHEME.search(behind):
        return True
    return bool(_DATA_SCHEME.search(behind) and _MEDIA_TYPE.match(text, i + 1, i + 1 + LOOKAHEAD))


def _char(text: str, i: int) -> str:
    c = text[i]
    if c == "[":
        return c if _escaped(text, i) else "\\["
    if c == "<":  # even after a backslash: a renderer that allows HTML may not honour the escape
        return "&lt;"
    if c == ":" and not _escaped(text, i) and _url_colon(text, i):
        return "\\:"
    return c


def neutralise(text: str) -> str:
    """Markdown with no link, image, raw HTML or script URL left active; everything else unchanged."""
    if not text or not any(c in text for c in "[<:"):
        return text
    return "".join(_char(text, i) for i in range(len(text)))


def md_text(value: Any) -> str:
    """One value from the graph, ready for a Markdown template: on one line, and neutralised."""
    return neutralise(_LINE_BREAKS.sub(" ", str(value)))


def safe_data(value: Any) -> Any:
    """Every string in rows/dicts/lists through `md_text`; keys, numbers and other values as they are."""
    if isinstance(value, str):
        return md_text(value)
    if isinstance(value, dict):
        return {k: safe_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(safe_data(v) for v in value)
    return value


class Neutraliser:
    """`neutralise` for a stream: `feed` each piece, then `flush`; the pieces returned join to exactly
    `neutralise(whole)`. Only a colon after `data` waits for what follows it."""

    def __init__(self) -> None:
        self._text = ""
        self._done = 0

    def _ready(self, i: int) -> bool:
        text = self._text
        return not (text[i] == ":" and len(text) < i + 1 + LOOKAHEAD
                    and _DATA_SCHEME.search(text[max(0, i - LOOKBEHIND): i]))

    def feed(self, piece: str) -> str:
        self._text += piece
        out: list[str] = []
        while self._done < len(self._text) and self._ready(self._done):
            out.append(_char(self._text, self._done))
            self._done += 1
        return "".join(out)

    def flush(self) -> str:
        out = "".join(_char(self._text, i) for i in range(self._done, len(self._text)))
        self._done = len(self._text)
        return out
