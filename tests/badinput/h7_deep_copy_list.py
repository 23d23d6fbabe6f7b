# badinput: copy.deepcopy of a list nested 100,000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import copy
x = []
for i in range(100000):
    x = [x]
copy.deepcopy(x)
