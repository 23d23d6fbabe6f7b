# badinput: sum of lists without start
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'int' and 'list'
v = sum([[1], [2]])
