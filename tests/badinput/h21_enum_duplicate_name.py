# badinput: Enum with a member defined twice
# expect-exit: 1
# expect-stderr: TypeError: 'A' already defined as 1
from enum import Enum
class E(Enum):
    A = 1
    A = 2
