# badinput: isinstance deep nested tuple (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
t = int
for i in range(100000):
    t = (t,)
print(isinstance(1, t))
