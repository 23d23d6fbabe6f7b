# badinput: frozenset unhashable
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
frozenset([[1]])
