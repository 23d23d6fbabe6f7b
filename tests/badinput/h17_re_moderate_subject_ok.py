# badinput: (?:a|b)* over a 20,000-character subject and a 5,000-word alternation: within the stack, they match as in CPython
# expect-exit: 0
# expect-stdout: True True
import re
words = "|".join("w%d" % i for i in range(5000))
print(re.fullmatch("(?:a|b)*", "ab" * 10000) is not None, re.search("(?:" + words + ")x", "zz w4999x") is not None)
