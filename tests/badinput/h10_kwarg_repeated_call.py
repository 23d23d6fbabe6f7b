# badinput: kwarg repeated call
# expect-exit: 1
# expect-stderr: SyntaxError: keyword argument repeated: a
f(a=1, a=2)
