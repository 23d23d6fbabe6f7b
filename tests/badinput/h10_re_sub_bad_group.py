# badinput: re sub bad group
# expect-exit: 1
# expect-stderr: re.error: invalid group reference 5 at position 1
import re
re.sub("a", "\\5", "a")
