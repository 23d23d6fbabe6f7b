# badinput: set pop empty
# expect-exit: 1
# expect-stderr: KeyError: 'pop from an empty set'
set().pop()
