# badinput: Python misuse: re bad escape
# expect-exit: 1
# expect-stderr: re.error: invalid group reference 9 at position 1
import re
re.sub("a", r"\9", "a")
