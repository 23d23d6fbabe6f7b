# badinput: a backreference to a group not yet closed
# expect-exit: 1
# expect-stderr: re.error: cannot refer to an open group at position 2
import re
re.compile(r'(a\1)')
