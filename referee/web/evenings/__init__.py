"""Views of an evening: the home page, starting and importing an evening, its sheets and deals."""
