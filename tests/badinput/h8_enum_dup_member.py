# badinput: an Enum name defined twice
# expect-exit: 1
# expect-stderr: TypeError: 'RED' already defined as 1
from enum import Enum
class Color(Enum):
    RED = 1
    RED = 2
