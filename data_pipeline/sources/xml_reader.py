"""Reader of the official per-publication SHAB XML export (`/publications/{id}/xml`, schemas 1.1-1.26).

The root is `<XX00:publication xmlns:XX00="https://shab.ch/shab/XX00-export">` with un-namespaced
`<meta>` and `<content>` children. No entity is expanded and no external resource read: a document that could
declare one (a DOCTYPE, or an encoding in which one could hide from a byte search) goes through defusedxml, which
refuses entities; any other, every real export, through the standard library's C parser, where without a DOCTYPE
an entity can be neither declared nor expanded (an undefined one is a well-formedness error), at less than half
the cost (issue 19: parsing was most of the pipeline's CPU in phase 1). A tree nested deeper than a publication can
be is refused: the mapping measures the depth of what it walks, and stops before it recurses past the limit.
"""
from __future__ import annotations

import re
from typing import Any
from xml.etree.ElementTree import Element, ParseError, XMLParser

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as defused_fromstring

from data_pipeline.model import Publication
from data_pipeline.sources.depth import MAX_DEPTH, check_xml_depth
from data_pipeline.sources.mapping import RecordError, build

_NS = re.compile(r"^\{https://shab\.ch/shab/([A-Z]{2}\d{2})-export\}publication$")
_SCHEMA_VERSION = re.compile(r"/schemas/shab/([\d.]+)/")
_XSI_LOCATION = "{http://www.w3.org/2001/XMLSchema-instance}schemaLocation"
# Elements that may repeat; they always become lists so that both formats look alike.
_REPEATED = {"cantons", "secondaryTenants", "companies"}
# The encodings in which "<!DOCTYPE" is these very bytes (ASCII-compatible), as an XML declaration names them
_ASCII_COMPATIBLE = {b"utf-8", b"utf8", b"us-ascii", b"ascii", b"iso-8859-1", b"latin-1", b"latin1"}
_ENCODING = re.compile(rb"""\bencoding\s*=\s*["']([^"']*)["']""")


def plain_xml(data: bytes) -> bool:
    """Whether `data` can hold no DTD: in UTF-8 or an ASCII-compatible encoding (no UTF-16/32 byte order mark or NUL
    byte, an XML declaration naming no other encoding) and no "<!DOCTYPE" anywhere (XML writes it in capitals)."""
    if b"\x00" in data or data[:2] in (b"\xfe\xff", b"\xff\xfe") or b"<!DOCTYPE" in data:
        return False
    head = data.removeprefix(b"\xef\xbb\xbf")
    if not head.startswith(b"<?xml"):
        return True  # no declaration: UTF-8
    declaration = head[: head.find(b"?>")]
    if b"encoding" not in declaration:
        return True
    named = _ENCODING.search(declaration)
    return named is not None and named.group(1).lower() in _ASCII_COMPATIBLE


def fromstring(data: bytes) -> Element:
    """The document's root: the C parser for a plain document (`plain_xml`), defusedxml for any other."""
    if not plain_xml(data):
        return defused_fromstring(data)
    parser = XMLParser()  # noqa: S314 - no DTD (plain_xml): no entity can be declared, none expanded
    parser.feed(data)
    return parser.close()


def to_mapping(el: Element, depth: int = 1) -> Any:
    """An element at `depth` (the root's is 1) as nested dicts; a leaf becomes its text. A tree nested deeper than
    `MAX_DEPTH` is refused (`RecordError`) before the recursion goes past it."""
    if not len(el):
        return el.text
    if depth >= MAX_DEPTH:
        raise RecordError(f"XML nested deeper than {MAX_DEPTH} levels: not a publication")
    out: dict[str, Any] = {}
    for child in el:
        tag = child.tag
        value = to_mapping(child, depth + 1) if len(child) else child.text  # a leaf (most elements) read here
        if tag in _REPEATED:
            out.setdefault(tag, []).append(value)
        elif tag in out:  # unexpected repetition: keep every value
            prev = out[tag]
            out[tag] = (prev if isinstance(prev, list) else [prev]) + [value]
        else:
            out[tag] = value
    return out


def parse_xml(data: bytes, source: str) -> Publication:
    """One publication from the bytes of one export file; `RecordError` says what is wrong."""
    if not data.strip():
        raise RecordError("empty file")
    try:
        root = fromstring(data)
    except ParseError as exc:
        raise RecordError(f"not well-formed XML ({exc})") from exc
    except DefusedXmlException as exc:
        raise RecordError(f"refused unsafe XML ({type(exc).__name__})") from exc
    meta, content = root.find("meta"), root.find("content")
    for child in root:  # meta and content are measured as they are mapped (`to_mapping`), once
        if child is not meta and child is not content:
            check_xml_depth(child, level=2)
    if root.tag.endswith("bulk-export"):
        raise RecordError("a bulk export lists metadata only; read the per-publication XML instead")
    m = _NS.match(root.tag)
    if not m:
        raise RecordError(f"root element {root.tag!r} is not a SHAB publication "
                          "(expected {https://shab.ch/shab/<SUBRUBRIC>-export}publication)")
    if meta is None:
        raise RecordError("no <meta> element")
    version = _SCHEMA_VERSION.search(root.get(_XSI_LOCATION, ""))
    pub = build(to_mapping(meta, 2), to_mapping(content, 2) if content is not None else {},
                source=source, schema_version=version.group(1) if version else None)
    if pub.sub_rubric != m.group(1):
        raise RecordError(f"namespace says {m.group(1)} but meta/subRubric says {pub.sub_rubric}")
    return pub
