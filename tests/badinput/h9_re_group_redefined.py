# badinput: a named group defined twice
# expect-exit: 1
# expect-stderr: re.error: redefinition of group name 'a' as group 2; was group 1 at position 12
import re
re.compile('(?P<a>x)(?P<a>y)')
