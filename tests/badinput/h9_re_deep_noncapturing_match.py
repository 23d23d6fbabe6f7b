# badinput: 100000 nested non-capturing groups matched
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import re
print(re.match('(?:' * 100000 + 'a' + ')' * 100000, 'a'))
