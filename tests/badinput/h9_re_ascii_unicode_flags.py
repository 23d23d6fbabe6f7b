# badinput: re.ASCII | re.UNICODE together
# expect-exit: 1
# expect-stderr: ValueError: ASCII and UNICODE flags are incompatible
import re
re.compile('a', re.ASCII | re.UNICODE)
