"""Graph summary shaped like the paper's Table 7 (strong/weak companies and persons, events, hubs, edges)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from kg.driver import Graph

STRENGTH = "MATCH (n:{label}) RETURN coalesce(n.strength, 'strong') AS s, count(*) AS c"
COUNT = "MATCH (n:{label}) RETURN count(n) AS c"
EDGES = "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c"


@dataclass
class GraphStats:
    companies_strong: int = 0
    companies_weak: int = 0
    persons_strong: int = 0
    persons_weak: int = 0
    events: int = 0
    name_hubs: int = 0
    edges: int = 0
    edges_by_type: dict[str, int] = field(default_factory=dict)
    quarantined: int = 0

    @property
    def nodes(self) -> int:
        return (self.companies_strong + self.companies_weak + self.persons_strong + self.persons_weak
                + self.events + self.name_hubs)

    def to_dict(self) -> dict:
        return asdict(self) | {"nodes": self.nodes}

    def table(self) -> str:
        rows = [("Companies", self.companies_strong, self.companies_weak),
                ("People", self.persons_strong, self.persons_weak)]
        out = [f"{'Node type':<12}{'Strong':>10}{'Weak':>10}{'Total':>10}"]
        out += [f"{n:<12}{s:>10,}{w:>10,}{s + w:>10,}" for n, s, w in rows]
        out += [f"{'Events':<12}{'-':>10}{'-':>10}{self.events:>10,}",
                f"{'Name hubs':<12}{'-':>10}{'-':>10}{self.name_hubs:>10,}",
                f"{'Total nodes':<32}{self.nodes:>10,}", f"{'Total edges':<32}{self.edges:>10,}",
                f"{'Quarantined records':<32}{self.quarantined:>10,}"]
        return "\n".join(out)


def graph_stats(graph: Graph, quarantined: int = 0) -> GraphStats:
    st = GraphStats(quarantined=quarantined)
    with graph.driver.session(database=graph.database) as s:
        for label, prefix in (("Company", "companies"), ("Person", "persons")):
            for r in s.run(STRENGTH.format(label=label)):
                if r["s"] in ("strong", "weak"):
                    setattr(st, f"{prefix}_{r['s']}", getattr(st, f"{prefix}_{r['s']}") + r["c"])
        st.events = s.run(COUNT.format(label="Event")).single()["c"]
        st.name_hubs = s.run(COUNT.format(label="NameHub")).single()["c"]
        st.edges_by_type = {r["t"]: r["c"] for r in s.run(EDGES)}
    st.edges = sum(st.edges_by_type.values())
    return st
