"""What templates show: cards, clause chips, dates, charts and standings."""
