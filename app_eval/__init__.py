"""Evaluation: datasets, tiers 1-4, judges and run store, plus the thin Streamlit console."""
