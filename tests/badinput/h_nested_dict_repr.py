# badinput: nested dict repr (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
d = {}
for _ in range(100000): d = {1: d}
print(str(d)[:10])
