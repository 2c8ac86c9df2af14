"""Chainlit chat front end: thin, no Cypher and no prompts (those live in kg/ and agent/)."""
