# badinput: del literal (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: cannot delete literal
del 1
