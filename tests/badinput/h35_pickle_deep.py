# badinput: Python misuse: pickle deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while pickling an object
import pickle
x = []
for i in range(100000):
    x = [x]
pickle.dumps(x)
