# badinput: exit with list (issue 31 sweep)
# expect-exit: 1
# expect-stderr: [1, 2]
import sys
sys.exit([1, 2])
