"""Views of a group: its page, evenings, persons and export."""
