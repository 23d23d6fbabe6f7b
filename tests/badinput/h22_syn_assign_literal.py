# badinput: assigning to a literal
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
1 = x
