# badinput: an Enum member reusing a method name
# expect-exit: 1
# expect-stderr: TypeError: 'RED' already defined as <function Color.RED at 0x
from enum import Enum
class Color(Enum):
    def RED(self):
        return 0
    RED = 1
