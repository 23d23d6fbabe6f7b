# badinput: subclassing an Enum that has members
# expect-exit: 1
# expect-stderr: TypeError: <enum 'More'> cannot extend <enum 'Color'>
import enum
class Color(enum.Enum):
    RED = 1
class More(Color):
    BLUE = 2
