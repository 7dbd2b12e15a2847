"""HTTP plumbing shared by every feature: request bodies, conditional answers, the reader's language,
JSON input, links, log masking and rights."""
