# badinput: re bad escape
# expect-exit: 1
# expect-stderr: re.error: bad escape \p at position 0
import re
re.compile("\\p")
