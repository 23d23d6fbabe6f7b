# badinput: a dict inside a frozenset
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'dict'
frozenset([{}])
