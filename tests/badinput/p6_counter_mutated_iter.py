# badinput: counter mutated iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
import collections
c = collections.Counter('abc')
for k in c:
    c[k + 'x'] += 1
