# badinput: a keyword argument given twice
# expect-exit: 1
# expect-stderr: SyntaxError: keyword argument repeated: a
f(a=1, a=2)
