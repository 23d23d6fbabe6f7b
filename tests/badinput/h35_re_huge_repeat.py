# badinput: Python misuse: re huge repeat
# expect-exit: 1
# expect-stderr: OverflowError: the repetition number is too large
import re
re.compile("a{99999999999}")
