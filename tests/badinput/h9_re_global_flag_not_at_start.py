# badinput: a global inline flag not at the start
# expect-exit: 1
# expect-stderr: re.error: global flags not at the start of the expression at position 1
import re
re.compile('a(?i)b')
