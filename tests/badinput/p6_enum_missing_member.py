# badinput: enum missing member (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: 5 is not a valid C
import enum
class C(enum.Enum):
    A = 1
C(5)
