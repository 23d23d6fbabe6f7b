# badinput: auto() values and aliases
# expect-exit: 1
# expect-stderr: AttributeError: type object 'C' has no attribute 'D'
# expect-stdout: [<C.A: 1>, <C.B: 2>] True
from enum import Enum, auto
class C(Enum):
    A = auto()
    B = auto()
    C = 1
print(list(C), C.C is C.A)
C.D
