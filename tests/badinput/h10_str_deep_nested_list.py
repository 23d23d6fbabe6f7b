# badinput: str deep nested list
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
a = []
x = a
for i in range(100000):
    x.append([]); x = x[0]
str(a)
