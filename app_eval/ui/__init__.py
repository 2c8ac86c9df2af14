"""The console's pages (Streamlit): layout only; the figures come from app_eval.charts."""
