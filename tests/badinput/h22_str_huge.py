# badinput: a string of 10**13 characters
# expect-exit: 1
# expect-stderr: MemoryError
'x' * 10 ** 13
