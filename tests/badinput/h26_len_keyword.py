# badinput: len(obj=x): a one-argument builtin refuses keywords before it counts arguments (CPython's METH_O)
# expect-exit: 1
# expect-stderr: TypeError: len() takes no keyword arguments
len(obj=[1])
