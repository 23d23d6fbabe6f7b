# badinput: import star nonexistent (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ImportError: cannot import name 'nothing_here' from 'math'
from math import nothing_here
