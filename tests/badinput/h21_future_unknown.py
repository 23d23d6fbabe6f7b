# badinput: unknown __future__ feature
# expect-exit: 1
# expect-stderr: SyntaxError: future feature spam is not defined
from __future__ import spam
