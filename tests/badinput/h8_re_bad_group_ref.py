# badinput: re.sub with a missing group
# expect-exit: 1
# expect-stderr: re.error: invalid group reference 1 at position 1
import re
re.sub('a', r'\1', 'a')
