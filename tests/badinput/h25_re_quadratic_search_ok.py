# badinput: a quadratic search (.*b.*c on a 5000-character line) is slow but not runaway: it finishes under the step limit
# expect-exit: 0
# expect-stdout: None 0
import re
line = 'a' * 5000 + 'b'
print(re.search(r'.*b.*c', line), len(re.findall(r'(?:a|b)+', line)) - 1)
