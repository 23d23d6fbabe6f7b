# badinput: fmt both sep (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Cannot specify both ',' and '_'.
format(1, ',_')
