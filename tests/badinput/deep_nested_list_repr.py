# badinput: repr of a list nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
x = []
for i in range(100000):
    x = [x]
repr(x)
