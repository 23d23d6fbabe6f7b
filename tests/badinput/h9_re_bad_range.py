# badinput: a character class range z-a
# expect-exit: 1
# expect-stderr: re.error: bad character range z-a at position 1
import re
re.compile('[z-a]')
