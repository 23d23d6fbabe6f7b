# badinput: a variable-width look-behind
# expect-exit: 1
# expect-stderr: re.error: look-behind requires fixed-width pattern
import re
re.compile("(?<=a+)b")
