# badinput: Python misuse: re bad group
# expect-exit: 1
# expect-stderr: re.error: missing ), unterminated subpattern at position 0
import re
re.compile("(a")
