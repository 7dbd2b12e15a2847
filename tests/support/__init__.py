"""Helpers the tests share beyond fixtures."""
