# badinput: pop of an empty set
# expect-exit: 1
# expect-stderr: KeyError: 'pop from an empty set'
set().pop()
