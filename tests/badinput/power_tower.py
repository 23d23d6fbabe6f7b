# badinput: 10**10**10 has ten billion digits: refused, not computed for hours
# expect-exit: 1
# expect-stderr: MemoryError
x = 10**10**10
