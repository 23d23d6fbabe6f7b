# badinput: nested list repr (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = []
for _ in range(100000): x = [x]
print(len(repr(x)))
