# badinput: Python misuse: ordereddict mutate
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
from collections import OrderedDict
d = OrderedDict(a=1)
for k in d:
    d["b"] = 2
