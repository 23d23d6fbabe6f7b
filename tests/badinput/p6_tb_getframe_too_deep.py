# badinput: tb getframe too deep (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: call stack is not deep enough
import sys
sys._getframe(1000)
