# badinput: the classic ReDoS of a validation pattern, (\w+\s?)*$ on a word that ends in '!'
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
print(re.match(r'^(\w+\s?)*$', 'a' * 40 + '!'))
