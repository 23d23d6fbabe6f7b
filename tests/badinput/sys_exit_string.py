# badinput: sys.exit with a message
# expect-exit: 1
# expect-stderr: fatal: bad config
import sys
sys.exit("fatal: bad config")
