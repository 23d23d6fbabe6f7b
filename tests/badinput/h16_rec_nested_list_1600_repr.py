# badinput: a list nested 1600 deep: RecursionError while getting the repr
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
l = []
for i in range(1600):
    l = [l]
repr(l)
