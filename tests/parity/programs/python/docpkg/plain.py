# only a comment, no docstring
z = 3
