# badinput: re.compile('(?P<1a>x)')
# expect-exit: 1
# expect-stderr: re.error: bad character in group name '1a' at position 4
import re
re.compile("(?P<1a>x)")
