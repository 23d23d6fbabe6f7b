# badinput: tb exception args huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
raise ValueError(*range(100000))
