# badinput: None + 1
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'
None + 1
