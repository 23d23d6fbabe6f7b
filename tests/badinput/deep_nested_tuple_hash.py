# badinput: hashing a tuple nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
t = ()
for i in range(100000):
    t = (t,)
hash(t)
