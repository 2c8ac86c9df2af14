"""The router's five intents and the tools each may see (paper §4.2.1, Table 8)."""
from __future__ import annotations

import re

SEARCH, NETWORK, HISTORY, ANALYTICS, ALL = "search_companies", "explore_network", "get_node_history", "analytics", "all_tools"
INTENTS = (SEARCH, NETWORK, HISTORY, ANALYTICS, ALL)

_EXPLORATION = ("search_companies", "explore_network", "get_node_history", "global_text_search", "company_as_of",
                "find_connections", "list_events")
TOOLS_FOR_INTENT: dict[str, tuple[str, ...]] = {
    SEARCH: _EXPLORATION,
    HISTORY: _EXPLORATION,
    NETWORK: _EXPLORATION,
    # macro questions: no search or traversal, so nobody pages through thousands of records
    ANALYTICS: ("get_top_entities", "count_entities_by_event", "list_events", "rank_persons", "execute_custom_cypher"),
    ALL: ("search_companies", "explore_network", "get_node_history", "global_text_search", "get_top_entities",
          "count_entities_by_event", "company_as_of", "find_connections", "list_events", "rank_persons",
          "execute_custom_cypher"),
}
MAX_TOOL_CALLS = 4  # the bounded reflection loop (§4.2.2)

# "back to global mode": clears the active entity, whatever the engine (paper §4.3 global vs dossier mode)
GLOBAL_COMMAND = re.compile(r"^\s*(back to global|global mode|start over|new search|zurück|zurueck|globale suche|reset)\b",
                            re.IGNORECASE)
