# badinput: enum bad value
# expect-exit: 1
# expect-stderr: ValueError: 5 is not a valid C
import enum
class C(enum.Enum):
    A = 1
C(5)
