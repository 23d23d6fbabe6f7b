# badinput: dataclass field order (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: non-default argument 'b' follows default argument
from dataclasses import dataclass
@dataclass
class A:
    a: int = 1
    b: int
