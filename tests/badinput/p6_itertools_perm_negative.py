# badinput: itertools perm negative (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: r must be non-negative
import itertools
itertools.permutations(range(5), -1)
