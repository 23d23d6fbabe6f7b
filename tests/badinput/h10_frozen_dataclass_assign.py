# badinput: frozen dataclass assign
# expect-exit: 1
# expect-stderr: dataclasses.FrozenInstanceError: cannot assign to field 'x'
import dataclasses
@dataclasses.dataclass(frozen=True)
class A:
    x: int = 1
A().x = 2
