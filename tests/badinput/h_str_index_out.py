# badinput: str index out (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: string index out of range
"abc"[10]
