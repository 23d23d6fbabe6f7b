# badinput: sys.exit(None) is status 0
# expect-exit: 0
# expect-stdout: bye
import sys
print("bye")
sys.exit(None)
