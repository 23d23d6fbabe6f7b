# badinput: from __future__ import braces
# expect-exit: 1
# expect-stderr: SyntaxError: not a chance
from __future__ import braces
