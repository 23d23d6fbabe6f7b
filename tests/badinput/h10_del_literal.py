# badinput: del literal
# expect-exit: 1
# expect-stderr: SyntaxError: cannot delete literal
del 5
