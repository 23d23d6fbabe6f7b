# badinput: str.center with a width of 10**12
# expect-exit: 1
# expect-stderr: MemoryError
'x'.center(10**12)
