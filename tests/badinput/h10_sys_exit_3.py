# badinput: sys exit 3
# expect-exit: 3
import sys
sys.exit(3)
