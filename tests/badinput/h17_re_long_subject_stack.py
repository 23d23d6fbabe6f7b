# badinput: (?:a|b)* over a 4,000,000-character subject: std::regex recurses per character, so Kiln ends it with RecursionError instead of overflowing the C stack (CPython's sre matches it)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in std::regex while matching
import re
print(re.fullmatch("(?:a|b)*", "ab" * 2000000) is not None)
