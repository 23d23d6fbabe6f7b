# badinput: assignment to a call
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?
f() = 1
