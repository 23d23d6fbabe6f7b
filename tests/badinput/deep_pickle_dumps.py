# badinput: deep pickle dumps (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import pickle
x = []
for i in range(100000):
    x = [x]
pickle.dumps(x)
