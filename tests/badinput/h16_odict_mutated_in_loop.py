# badinput: an OrderedDict gets a new key while a for loop walks it (CPython: RuntimeError)
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
from collections import OrderedDict
d = OrderedDict(a=1, b=2)
for k in d:
    d[k + k] = 0
