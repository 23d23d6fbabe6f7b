# badinput: a repeat of an empty-matching repeat, (?:x*)*y on 25 x's: exponential backtracking (sre's too); the match step limit ends it
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
print(re.match(r'(?:x*)*y', 'x' * 25))
