# badinput: dataclass missing an argument
# expect-exit: 1
# expect-stderr: TypeError: C.__init__() missing 1 required positional argument: 'y'
from dataclasses import dataclass
@dataclass
class C:
    x: int
    y: int
C(1)
