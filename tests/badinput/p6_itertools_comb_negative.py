# badinput: itertools comb negative (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: r must be non-negative
import itertools
itertools.combinations(range(3), -1)
