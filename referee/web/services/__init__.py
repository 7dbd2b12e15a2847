"""The work behind the pages: matches and their deals, scoring once, names, limits, history, a group's
statistics, export and import. No view lives here."""
