# badinput: set pop empty (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: KeyError: 'pop from an empty set'
set().pop()
