# badinput: re.compile('[a-')
# expect-exit: 1
# expect-stderr: re.error: unterminated character set at position 0
import re
re.compile("[a-")
