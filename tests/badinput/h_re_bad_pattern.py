# badinput: re bad pattern (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: re.error: missing ), unterminated subpattern at position 0
import re
re.compile("(")
