# badinput: len of a generator
# expect-exit: 1
# expect-stderr: TypeError: object of type 'generator' has no len()
g = (i for i in range(3))
v = len(g)
