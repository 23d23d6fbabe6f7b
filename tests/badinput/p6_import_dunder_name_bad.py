# badinput: import dunder name bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Empty module name
__import__('')
