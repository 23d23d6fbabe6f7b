# badinput: import relative top (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ImportError: attempted relative import with no known parent package
from . import x
