# badinput: dataclass default order
# expect-exit: 1
# expect-stderr: TypeError: non-default argument 'y' follows default argument
import dataclasses
@dataclasses.dataclass
class A:
    x: int = 1
    y: int
