# badinput: max default multiple (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: Cannot specify a default for max() with multiple positional arguments
max(1, 2, default=3)
