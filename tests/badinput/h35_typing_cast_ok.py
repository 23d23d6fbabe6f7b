# badinput: typing.cast does not check
# expect-exit: 0
# expect-stdout: a
from typing import cast
print(cast(int, "a"))
