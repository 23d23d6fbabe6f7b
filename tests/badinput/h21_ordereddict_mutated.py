# badinput: OrderedDict mutated during iteration
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
from collections import OrderedDict
d = OrderedDict(a=1, b=2)
for k in d:
    d['c'] = 3
