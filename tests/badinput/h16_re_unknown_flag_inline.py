# badinput: re.compile('(?z)a')
# expect-exit: 1
# expect-stderr: re.error: unknown extension ?z at position 1
import re
re.compile("(?z)a")
