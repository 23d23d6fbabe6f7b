# badinput: none iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'NoneType' object is not iterable
for x in None:
    pass
