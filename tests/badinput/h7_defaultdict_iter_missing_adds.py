# badinput: defaultdict lookup of a missing key while iterating adds a key
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
import collections
d = collections.defaultdict(int, {1: 1})
for k in d:
    d[k + 1]
