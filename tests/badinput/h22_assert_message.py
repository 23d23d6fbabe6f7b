# badinput: a failing assert with a message
# expect-exit: 1
# expect-stderr: AssertionError: shapes differ
assert 1 == 2, 'shapes differ'
