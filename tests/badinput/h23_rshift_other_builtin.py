# badinput: a builtin other than print under >> keeps the plain message
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for >>: 'builtin_function_or_method' and 'int'
len >> 1
