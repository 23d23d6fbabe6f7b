# badinput: str() of a dict nested 100,000 deep inside an f-string
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
x = {}
for i in range(100000):
    x = {1: x}
f'{x}'
