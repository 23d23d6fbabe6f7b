# badinput: Python misuse: re bytes str
# expect-exit: 1
# expect-stderr: TypeError: first argument must be string or compiled pattern
import re
re.match(b"a", "a")
