# badinput: Python misuse: list index huge
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
[1][10**30]
