# badinput: str() of an exception whose args nest 100000 tuples
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
t = ()
for _ in range(100000):
    t = (t,)
str(ValueError(t))
