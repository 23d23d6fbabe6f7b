# badinput: pickle dumps deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while pickling an object
import pickle
a = []
x = a
for i in range(100000):
    x.append([]); x = x[0]
pickle.dumps(a)
