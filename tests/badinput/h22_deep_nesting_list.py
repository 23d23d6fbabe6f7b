# badinput: a list nested 100000 deep built in a loop, then printed
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = []
for _ in range(100000):
    x = [x]
print(x)
