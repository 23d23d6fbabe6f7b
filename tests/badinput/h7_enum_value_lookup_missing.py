# badinput: Enum lookup by a missing value
# expect-exit: 1
# expect-stderr: ValueError: 5 is not a valid Color
import enum
class Color(enum.Enum):
    RED = 1
Color(5)
