"""Sources (SHAB XML/JSON reader, synthetic world generator) and build phases 1-3 + privacy layer."""
