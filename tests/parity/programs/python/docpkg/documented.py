"""A module docstring."""
y = 2
