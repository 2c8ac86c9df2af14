"""A node's NameHub (§4.1.4) written in the transaction that creates the node (issue 19).

Phase 3 used to key every node after the fact: a scan for the nodes without a key, then, for each, a look-up of the
node and of its hub to create the edge, a pass over the whole graph that grew with it. A node whose name does not
change once it is written (a person of phase 1, a person or company a notice's text names: one per name and notice,
or an authority) gets its hub here instead: the hub's uid is read with the batch's own uids (`inserts.EXISTING`),
the hub is created when the graph lacks it (`identity.hub_for` gives its row) and marked for a recount when it was
counted before (one never counted is counted anyway), and the node is created with its edge in one statement. The
hub counts' summary is marked invalid in the same transaction, as `phase3.link_hubs` does before it links.

A strong company's name follows the register (a rename updates it), so phase 3 keys it from its name at the end of
the build, as before; so it does a company a notice's text names by its CHE number (a later notice may register it
under another name), and any node an older build left unkeyed.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from data_pipeline.inserts import insert, to_write
from data_pipeline.summaries import INVALIDATE_SUMMARY
from kg import hub_counts

INSERT_HUBS = insert("NameHub")
# A hub counted before (its counts stand for fewer posts than it now has) is counted again; one never counted is
# counted anyway, and one already marked needs no second write.
MARK_UNCOUNTED = """
UNWIND $uids AS u
MATCH (h:BaseNode {uid: u})
WHERE h.counted <> 0
SET h.counted = 0
"""


def insert_linked(label: str) -> str:
    """New nodes (rows `{props, hub, key}`), each created with its edge to its hub, which exists."""
    return f"""
UNWIND $rows AS row
MATCH (h:BaseNode {{uid: row.hub}})
CREATE (n:BaseNode:{label})-[:HAS_NAME]->(h)
SET n += row.props, n.hub_key = row.key
"""


INSERT_LINKED = {label: insert_linked(label) for label in ("Person", "Company")}


def hub_uids(hubs: Iterable[dict | None]) -> list[str]:
    return sorted({h["uid"] for h in hubs if h})


def insert_statements(new: Iterable[tuple[str, dict]], hubs: Mapping[str, dict], present: set[str],
                      fresh: bool = False) -> list[tuple[str, dict]]:
    """The statements that create the nodes `new` (label, properties), none of them in the graph: the nodes with a
    hub (`hubs`: node uid -> hub row) linked to it, the others plain; before them, the hubs the graph lacks
    (`present`: the uids of the batch's nodes and hubs that the graph holds) and the mark on those it has. On a
    `fresh` graph (`uid_ledger.UidLedger.fresh`: this build wrote every node) no hub was counted and there is no
    summary yet, so neither is marked."""
    plain: dict[str, list[dict]] = {}
    linked: dict[str, list[dict]] = {}
    needed: dict[str, dict] = {}
    for label, props in new:
        hub = hubs.get(props["uid"])
        if hub is None:
            plain.setdefault(label, []).append(props)
        else:
            linked.setdefault(label, []).append({"props": props, "hub": hub["uid"], "key": hub["key"]})
            needed.setdefault(hub["uid"], hub)
    out: list[tuple[str, dict]] = []
    if needed:
        out.append((INSERT_HUBS, {"rows": [h for u, h in needed.items() if u not in present]}))
    if needed and not fresh:
        out += [(INVALIDATE_SUMMARY, {"uid": hub_counts.SUMMARY_UID}),
                (MARK_UNCOUNTED, {"uids": [u for u in needed if u in present]})]
    out += [(insert(label), {"rows": rows}) for label, rows in plain.items()]
    out += [(INSERT_LINKED[label], {"rows": rows}) for label, rows in linked.items()]
    return to_write(out)
