# badinput: range(10)[2**64]
# expect-exit: 1
# expect-stderr: IndexError: range object index out of range
print(range(10)[2**64])
