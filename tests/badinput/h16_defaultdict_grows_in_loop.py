# badinput: a defaultdict's factory inserts keys while the dict is iterated
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
from collections import defaultdict
d = defaultdict(list, a=[1])
for k in d:
    d[k + "x"].append(1)
