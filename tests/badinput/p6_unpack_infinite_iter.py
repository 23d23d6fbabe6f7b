# badinput: unpack infinite iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: too many values to unpack (expected 2)
import itertools
a, b = itertools.count()
