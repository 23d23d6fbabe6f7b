# badinput: dict update seq len3 (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: dictionary update sequence element #0 has length 3; 2 is required
dict([(1, 2, 3)])
