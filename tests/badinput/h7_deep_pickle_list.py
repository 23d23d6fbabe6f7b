# badinput: pickle.dumps of a list nested 100,000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import pickle
x = []
for i in range(100000):
    x = [x]
pickle.dumps(x)
