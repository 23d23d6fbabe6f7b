# badinput: a nested format spec that builds a huge width
# expect-exit: 1
# expect-stderr: MemoryError
'{:{w}}'.format('x', w=10**12)
