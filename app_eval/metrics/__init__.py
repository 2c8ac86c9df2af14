"""The metrics of the four tiers (SPEC §8), as pure functions over plain records: no graph, no judge."""
