"""The paper's reference figures (SPEC §8; Tables 2-5), shown beside a run's own."""
PAPER = {
    "tier1": {"merge_precision": 0.9715},
    "tier2": {"tsa": 0.88, "far": 0.02, "ars": 1.7, "qsr": 1.0, "latency_s": 12.53},
    "tier3": {
        "automated": {"graphrag": {"faithfulness": 0.897, "answer_relevance": 0.689, "information_recall": 0.573,
                                   "latency_s": 12.53},
                      "baseline": {"faithfulness": 0.905, "answer_relevance": 0.080, "information_recall": 0.065,
                                   "latency_s": 4.32}},
        "golden": {"graphrag": {"correctness": 0.828, "answer_relevance": 0.887, "information_recall": 0.837, "latency_s": 10.27},
                   "baseline": {"correctness": 0.143, "answer_relevance": 0.246, "information_recall": 0.118, "latency_s": 3.44}},
    },
    "tier4": {"graphrag": {"correctness": 0.760, "answer_relevance": 0.847, "information_recall": 0.742,
                           "turn_success_rate": 0.750, "context_carryover_accuracy": 0.683, "tool_transition_accuracy": 0.900},
              "baseline": {"correctness": 0.344, "answer_relevance": 0.644, "information_recall": 0.317,
                           "turn_success_rate": 0.333, "context_carryover_accuracy": 0.433}},
}
