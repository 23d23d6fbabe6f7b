# badinput: x[2**64] = 3 on a list
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
x = [1]
x[2**64] = 3
