# badinput: assign literal (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
1 = x
