# badinput: findall and sub of a catastrophic pattern: each attempt has the step limit, not only match()
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
print(re.findall(r'(x+x+)+y', 'x' * 40))
