# badinput: alternatives that overlap under a repeat, (a|aa)*b: exponentially many splits of the a's to try
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
print(re.search(r'(a|aa)*b', 'a' * 60))
