# badinput: (?Z) unknown extension
# expect-exit: 1
# expect-stderr: re.error: unknown extension ?Z at position 1
import re
re.compile('(?Zx)')
