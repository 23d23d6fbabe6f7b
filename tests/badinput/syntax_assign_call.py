# badinput: assignment to a call in a tuple target
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to function call
a, f() = 1, 2
