# badinput: an Enum method reusing a member name
# expect-exit: 1
# expect-stderr: TypeError: 'RED' already defined as 1
from enum import Enum
class Color(Enum):
    RED = 1
    def RED(self):
        return 0
