# badinput: a regex repetition whose minimum is over its maximum
# expect-exit: 1
# expect-stderr: re.error: min repeat greater than max repeat at position 3
import re
re.compile("xa{10,5}b")
