# badinput: print file int (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'write'
print('x', file=1)
