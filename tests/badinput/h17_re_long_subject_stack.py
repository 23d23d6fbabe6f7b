# badinput: (?:a|b)* over a 4,000,000-character subject: Kiln's re engine backtracks on an explicit stack (the alternation of single characters is one set, as sre compiles it), so it matches as CPython's sre does instead of recursing per character
# expect-exit: 0
# expect-stdout: True
import re
print(re.fullmatch("(?:a|b)*", "ab" * 2000000) is not None)
