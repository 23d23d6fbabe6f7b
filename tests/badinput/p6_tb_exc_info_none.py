# badinput: tb exc info none (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: exceptions must derive from BaseException
# expect-stdout: (None, None, None)
import sys
print(sys.exc_info())
raise sys.exc_info()[1]
