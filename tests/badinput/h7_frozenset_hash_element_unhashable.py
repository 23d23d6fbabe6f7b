# badinput: frozenset of a list is unhashable
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
frozenset([[1, 2]])
