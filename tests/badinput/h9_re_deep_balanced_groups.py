# badinput: a pattern of 100000 nested groups
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import re
re.compile('(' * 100000 + 'a' + ')' * 100000)
