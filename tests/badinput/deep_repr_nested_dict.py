# badinput: deep repr nested dict (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = {}
for i in range(200000):
    x = {1: x}
repr(x)
