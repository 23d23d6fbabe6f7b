# badinput: pickle.dumps of tuples nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while pickling an object
import pickle
t = ()
for _ in range(100000):
    t = (t,)
pickle.dumps(t)
