# badinput: deepcopy deep list
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import copy
a = []
x = a
for i in range(100000):
    x.append([]); x = x[0]
copy.deepcopy(a)
