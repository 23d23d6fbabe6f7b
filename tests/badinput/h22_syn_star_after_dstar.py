# badinput: *args after **kwargs in a call
# expect-exit: 1
# expect-stderr: SyntaxError: iterable argument unpacking follows keyword argument unpacking
f(**k, *a)
