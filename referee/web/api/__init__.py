"""The JSON API and its OpenAPI description."""
