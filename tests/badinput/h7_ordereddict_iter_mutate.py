# badinput: OrderedDict mutated while iterated
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
import collections
d = collections.OrderedDict(a=1, b=2)
for k in d:
    d['z' + k] = 3
