# badinput: sys.exit(256) wraps to 0 like the OS status
# expect-exit: 0
import sys
sys.exit(256)
