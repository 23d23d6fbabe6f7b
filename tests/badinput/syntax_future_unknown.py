# badinput: an unknown __future__ feature
# expect-exit: 1
# expect-stderr: SyntaxError: future feature time_travel is not defined
from __future__ import time_travel
