# badinput: itertools accumulate bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'int' and 'str'
import itertools
list(itertools.accumulate([1, 'a']))
