# badinput: range index huge
# expect-exit: 1
# expect-stderr: IndexError: range object index out of range
range(10)[2 ** 70]
