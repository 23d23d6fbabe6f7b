# badinput: a frozenset built from a list holding a list: unhashable type 'list'
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
{frozenset([1]): 1, frozenset([[]]): 2}
