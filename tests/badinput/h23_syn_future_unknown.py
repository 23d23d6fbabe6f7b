# badinput: an unknown __future__ feature
# expect-exit: 1
# expect-stderr: SyntaxError: future feature nope is not defined
from __future__ import nope
