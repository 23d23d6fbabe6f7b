# badinput: Python misuse: re nothing repeat
# expect-exit: 1
# expect-stderr: re.error: nothing to repeat at position 0
import re
re.compile("*a")
