# badinput: deep nested list str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = []
for i in range(200000):
    x = [x]
str(x)
