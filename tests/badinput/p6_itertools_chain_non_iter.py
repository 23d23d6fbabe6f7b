# badinput: itertools chain non iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
import itertools
list(itertools.chain([1], 2))
