"""The Chainlit chat front end (thin: no Cypher, no prompts; everything it shows comes from `agent`)."""
