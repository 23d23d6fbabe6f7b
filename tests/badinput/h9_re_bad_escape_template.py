# badinput: re.sub with a bad escape in the template
# expect-exit: 1
# expect-stderr: re.error: bad escape \q at position 0
import re
re.sub('a', r'\q', 'abc')
