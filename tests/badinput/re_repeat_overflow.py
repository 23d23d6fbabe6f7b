# badinput: a regex repetition count at _sre.MAXREPEAT
# expect-exit: 1
# expect-stderr: OverflowError: the repetition number is too large
import re
re.compile("a{4294967295}")
