# badinput: OrderedDict.move_to_end while iterating it (CPython: 'OrderedDict mutated during iteration')
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
from collections import OrderedDict
d = OrderedDict.fromkeys("abcd")
for k in d:
    d.move_to_end(k)
