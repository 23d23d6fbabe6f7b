# badinput: fmt str comma (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Cannot specify ',' with 's'.
format('s', ',')
