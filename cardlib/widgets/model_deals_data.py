"""The model deals, computed by tools/model_deals.py (make model-deals): do not edit by hand.

Empty until computed on the coach's fair worlds (issue 28); the chapters show the widget once deals are here."""

MODEL_DEALS: list[dict] = []
