# badinput: sys.exit(-1) is status 255
# expect-exit: 255
import sys
sys.exit(-1)
