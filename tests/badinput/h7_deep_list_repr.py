# badinput: repr of a list nested 100,000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = []
for i in range(100000):
    x = [x]
repr(x)
