# badinput: a 3,000,000-character literal pattern: std::regex's compiler recurses per term, so Kiln ends it with RecursionError instead of overflowing the C stack (CPython compiles it)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in std::regex while compiling
import re
re.compile("a" * 3000000)
