# badinput: a keyword argument given twice
# expect-exit: 1
# expect-stderr: h28_syntax_s13.py:6:8: SyntaxError: keyword argument repeated: x
def f(x):
    return x
f(x=1, x=2)
