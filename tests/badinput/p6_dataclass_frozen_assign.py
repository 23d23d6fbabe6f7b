# badinput: dataclass frozen assign (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: dataclasses.FrozenInstanceError: cannot assign to field 'a'
from dataclasses import dataclass
@dataclass(frozen=True)
class A:
    a: int = 1
A().a = 2
