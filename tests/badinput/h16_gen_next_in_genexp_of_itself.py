# badinput: a generator expression that iterates itself
# expect-exit: 1
# expect-stderr: NameError: name 'g' is not defined
g = (x for x in (lambda: g)())
next(g)
