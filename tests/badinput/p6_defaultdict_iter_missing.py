# badinput: defaultdict iter missing (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
import collections
d = collections.defaultdict(int, {1: 1})
for k in d:
    d[k + 1]
