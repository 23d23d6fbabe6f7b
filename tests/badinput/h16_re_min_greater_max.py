# badinput: re.compile('a{5,3}')
# expect-exit: 1
# expect-stderr: re.error: min repeat greater than max repeat at position 2
import re
re.compile("a{5,3}")
