# badinput: deep deepcopy dict (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import copy
x = {}
for i in range(100000):
    x = {'a': x}
copy.deepcopy(x)
