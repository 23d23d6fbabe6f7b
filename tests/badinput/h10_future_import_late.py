# badinput: future import late
# expect-exit: 1
# expect-stderr: SyntaxError: from __future__ imports must occur at the beginning of the file
x = 1
from __future__ import annotations
