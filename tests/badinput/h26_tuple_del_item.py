# badinput: del t[0] on a tuple: CPython's wording is doesn't
# expect-exit: 1
# expect-stderr: TypeError: 'tuple' object doesn't support item deletion
t = (1, 2)
del t[0]
