"""Reader of the official per-publication SHAB XML export (`/publications/{id}/xml`, schemas 1.1-1.26).

The root is `<XX00:publication xmlns:XX00="https://shab.ch/shab/XX00-export">` with un-namespaced
`<meta>` and `<content>` children. Parsing goes through defusedxml: no DTDs, no entity expansion; a
tree nested deeper than a publication can be is refused before the recursive mapping walks it.
"""
from __future__ import annotations

import re
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from data_pipeline.model import Publication
from data_pipeline.sources.depth import check_xml_depth
from data_pipeline.sources.mapping import RecordError, build

_NS = re.compile(r"^\{https://shab\.ch/shab/([A-Z]{2}\d{2})-export\}publication$")
_SCHEMA_VERSION = re.compile(r"/schemas/shab/([\d.]+)/")
_XSI_LOCATION = "{http://www.w3.org/2001/XMLSchema-instance}schemaLocation"
# Elements that may repeat; they always become lists so that both formats look alike.
_REPEATED = {"cantons", "secondaryTenants", "companies"}


def to_mapping(el: Element) -> Any:
    """An element as nested dicts; a leaf becomes its text."""
    children = list(el)
    if not children:
        return el.text if el.text is not None else None
    out: dict[str, Any] = {}
    for child in children:
        value = to_mapping(child)
        if child.tag in _REPEATED:
            out.setdefault(child.tag, []).append(value)
        elif child.tag in out:  # unexpected repetition: keep every value
            prev = out[child.tag]
            out[child.tag] = (prev if isinstance(prev, list) else [prev]) + [value]
        else:
            out[child.tag] = value
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
    check_xml_depth(root)
    if root.tag.endswith("bulk-export"):
        raise RecordError("a bulk export lists metadata only; read the per-publication XML instead")
    m = _NS.match(root.tag)
    if not m:
        raise RecordError(f"root element {root.tag!r} is not a SHAB publication "
                          "(expected {https://shab.ch/shab/<SUBRUBRIC>-export}publication)")
    meta, content = root.find("meta"), root.find("content")
    if meta is None:
        raise RecordError("no <meta> element")
    version = _SCHEMA_VERSION.search(root.get(_XSI_LOCATION, ""))
    pub = build(to_mapping(meta), to_mapping(content) if content is not None else {},
                source=source, schema_version=version.group(1) if version else None)
    if pub.sub_rubric != m.group(1):
        raise RecordError(f"namespace says {m.group(1)} but meta/subRubric says {pub.sub_rubric}")
    return pub
