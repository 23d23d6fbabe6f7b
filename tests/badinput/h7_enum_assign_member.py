# badinput: assigning to an Enum member attribute
# expect-exit: 1
# expect-stderr: AttributeError: cannot reassign member 'RED'
import enum
class Color(enum.Enum):
    RED = 1
Color.RED = 2
