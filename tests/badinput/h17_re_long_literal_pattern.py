# badinput: a 100,000-character literal pattern: Kiln's re engine parses and matches it without C recursion per pattern character (it used to end in RecursionError on std::regex), as CPython compiles it; the search that fails at every start is quadratic in Kiln's engine (CPython's sre finds a literal prefix first), so it ends at the step limit, located (open)
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
p = re.compile("a" * 100000)
print(p.fullmatch("a" * 100000) is not None, p.search("a" * 99999 + "b") is not None)
