# badinput: 'x' * -(10**30): an empty string
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
print(repr("x" * -(10**30)))
