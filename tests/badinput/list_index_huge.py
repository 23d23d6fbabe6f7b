# badinput: list index 10**20
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
[1, 2][10**20]
