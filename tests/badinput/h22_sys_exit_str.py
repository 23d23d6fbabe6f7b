# badinput: sys.exit with a message
# expect-exit: 1
# expect-stderr: bye
import sys
sys.exit('bye')
