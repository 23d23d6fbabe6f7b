# badinput: dataclass mutable default (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: mutable default <class 'list'> for field a is not allowed: use default_factory
from dataclasses import dataclass
@dataclass
class A:
    a: list = []
