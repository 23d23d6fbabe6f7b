# badinput: sys exit str
# expect-exit: 1
# expect-stderr: bye
import sys
sys.exit("bye")
