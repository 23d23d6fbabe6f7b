# badinput: a failing assert with a message
# expect-exit: 1
# expect-stderr: AssertionError: one is not two
assert 1 == 2, "one is not two"
