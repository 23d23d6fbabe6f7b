# badinput: exit string (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: bye
import sys
sys.exit("bye")
