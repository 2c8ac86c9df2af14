"""Phase 2 extractors: the offline rule extractor and the LLM extractor behind one interface."""
