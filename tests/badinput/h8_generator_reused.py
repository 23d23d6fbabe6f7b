# badinput: iterating a generator twice
# expect-exit: 1
# expect-stderr: StopIteration
# expect-stdout: 5 0
g = (i * i for i in range(3))
print(sum(g), sum(g))
print(next(g))
