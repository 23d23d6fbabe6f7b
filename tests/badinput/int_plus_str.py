# badinput: int + str
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'int' and 'str'
1 + "a"
