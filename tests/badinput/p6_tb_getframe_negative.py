# badinput: tb getframe negative (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: call stack is not deep enough
# expect-stdout: None
import sys
print(sys._getframe(-1).f_code.co_name)
print(sys._getframe().f_back)
sys._getframe(1)
