# badinput: an unbalanced closing paren
# expect-exit: 1
# expect-stderr: re.error: unbalanced parenthesis at position 1
import re
re.compile('a)')
