"""What is stored: the database handle, the models, and schema upgrades."""
