# badinput: assert with side effect tuple (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AssertionError: (1, 2)
# expect-stdout: passed
assert (False, 'msg')
print('passed')
assert False, (1, 2)
