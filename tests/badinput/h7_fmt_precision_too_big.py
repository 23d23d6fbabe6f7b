# badinput: a float precision past CPython's limit
# expect-exit: 1
# expect-stderr: ValueError: precision too big
format(1.5, '.2147483648f')
