# badinput: a parameter without default after one with
# expect-exit: 1
# expect-stderr: h28_syntax_s37.py:4:12: SyntaxError: parameter without a default follows parameter with a default (hint: give this parameter a default too, or move it before the ones with defaults)
def f(a=1, b): pass
