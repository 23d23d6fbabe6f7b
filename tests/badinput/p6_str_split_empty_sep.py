# badinput: str split empty sep (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: empty separator
'abc'.split('')
