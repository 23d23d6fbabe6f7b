# badinput: str.join of a list repeated past the memory limit
# expect-exit: 1
# expect-stderr: MemoryError
s = ','.join(['abcdef'] * 10**10)
