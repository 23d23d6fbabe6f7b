# badinput: adding a key to an OrderedDict while iterating it
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
from collections import OrderedDict
d = OrderedDict(a=1, b=2)
for k in d:
    d[k + "x"] = 0
