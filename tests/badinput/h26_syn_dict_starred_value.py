# badinput: {k: *v}: CPython 3.12's invalid_double_starred_kvpairs
# expect-exit: 1
# expect-stderr: SyntaxError: cannot use a starred expression in a dictionary value
x = [1]
d = {'a': *x}
