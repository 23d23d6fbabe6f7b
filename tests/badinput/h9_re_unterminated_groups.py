# badinput: a pattern of 50 open parens
# expect-exit: 1
# expect-stderr: re.error: missing ), unterminated subpattern at position 49
import re
re.compile('(' * 50)
