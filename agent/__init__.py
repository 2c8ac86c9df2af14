"""Router, reflection loop, state machine, synthesis, engines (llm / offline) and the vector baseline."""
