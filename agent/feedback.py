"""Deterministic recovery feedback after an empty or failed tool call (paper §4.2.2, step D).

The hint names the next valid step, so the loop revises its plan instead of repeating itself:
search first when a uid is unknown, then fall back to the full-text index.
"""
from __future__ import annotations

from agent.trace import Step

_AFTER_EMPTY = {
    "search_companies": "No entity matched. Next: call global_text_search with the same name or key words "
                        "(the name may only appear in notice texts), or retry search_companies with fewer words.",
    "explore_network": "No network rows. Check the uid with search_companies; if it is right, call "
                       "get_node_history for its notices.",
    "get_node_history": "No notices for this uid and period. Check the uid with search_companies or widen the period.",
    "global_text_search": "No notice text matched. Retry with fewer or different words (another language: "
                          "de/fr/it), or tell the user nothing was found.",
    "get_top_entities": "No company matched the filters. Loosen one filter (city spelling, canton, keyword, legal form).",
    "count_entities_by_event": "The count is zero for these filters. Check the event type and period, or answer 0.",
    "execute_custom_cypher": "The query returned nothing. Prefer a predefined tool; if none fits, simplify the query.",
}
_AFTER_ERROR = "The call failed: {message}. Fix the arguments named in the message, or choose another allowed tool."
_AFTER_REFUSED = "The query was refused because it would change the graph. Only read queries are allowed; " \
                 "use a predefined tool instead."


def feedback_for(step: Step) -> str:
    if step.status == "empty":
        return _AFTER_EMPTY.get(step.tool, "Nothing found. Try another allowed tool.")
    if step.status == "refused":
        return _AFTER_REFUSED
    if step.status == "error":
        return _AFTER_ERROR.format(message=step.message or "unknown error")
    return ""
