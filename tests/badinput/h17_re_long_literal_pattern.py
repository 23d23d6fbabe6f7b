# badinput: a 100,000-character literal pattern: Kiln's re engine parses and matches it without C recursion per pattern character (it used to end in RecursionError on std::regex), as CPython compiles it; the search that fails finds no start, as sre's: the subject is as long as the shortest match, so only position 0 is tried (sre's INFO minimum width), and a literal prefix is found by a KMP scan, never matched again per start
# expect-exit: 0
# expect-stdout: True False
import re
p = re.compile("a" * 100000)
print(p.fullmatch("a" * 100000) is not None, p.search("a" * 99999 + "b") is not None)
