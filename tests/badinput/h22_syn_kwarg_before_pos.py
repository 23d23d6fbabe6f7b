# badinput: a positional argument after a keyword one
# expect-exit: 1
# expect-stderr: SyntaxError: positional argument follows keyword argument
f(a=1, 2)
