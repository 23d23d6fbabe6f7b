# badinput: enum dup member
# expect-exit: 1
# expect-stderr: TypeError: 'A' already defined as 1
import enum
class C(enum.Enum):
    A = 1
    A = 2
