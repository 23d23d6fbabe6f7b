# badinput: re.sub template referencing group 5
# expect-exit: 1
# expect-stderr: re.error: invalid group reference 5 at position 1
import re
re.sub('(a)', r'\5', 'abc')
