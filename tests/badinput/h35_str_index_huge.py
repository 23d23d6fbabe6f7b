# badinput: Python misuse: str index huge
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
"a"[-10**30]
