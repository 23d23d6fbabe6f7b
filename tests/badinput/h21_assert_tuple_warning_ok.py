# badinput: assert of a non-empty tuple (always true, warns)
# expect-exit: 0
# expect-stdout: passed
assert (1 == 2, 'msg')
print('passed')
