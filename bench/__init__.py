"""Benchmarks (`make bench`): each prints its figures and ratios, measured in one run."""
