# badinput: assigning a field of a frozen dataclass
# expect-exit: 1
# expect-stderr: dataclasses.FrozenInstanceError: cannot assign to field 'x'
from dataclasses import dataclass
@dataclass(frozen=True)
class P:
    x: int
P(1).x = 2
