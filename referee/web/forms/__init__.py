"""Forms: the score sheet's forms, the optional claim, and one deal entry form per game."""
