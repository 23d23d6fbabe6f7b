# badinput: dataclass mutable default
# expect-exit: 1
# expect-stderr: ValueError: mutable default <class 'list'> for field x is not allowed: use default_factory
import dataclasses
@dataclasses.dataclass
class A:
    x: list = []
