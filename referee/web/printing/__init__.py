"""Printing: the print pages and PDFs, their rendering and their cache."""
