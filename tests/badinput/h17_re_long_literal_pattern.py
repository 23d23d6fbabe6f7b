# badinput: a 100,000-character literal pattern: Kiln's re engine parses and matches it without C recursion per pattern character (it used to end in RecursionError on std::regex), as CPython compiles it
# expect-exit: 0
# expect-stdout: True False
import re
p = re.compile("a" * 100000)
print(p.fullmatch("a" * 100000) is not None, p.search("a" * 99999 + "b") is not None)
