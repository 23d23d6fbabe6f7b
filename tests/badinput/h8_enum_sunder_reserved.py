# badinput: an Enum with a reserved _sunder_ name
# expect-exit: 1
# expect-stderr: ValueError: _sunder_ names, such as '_foo_', are reserved for future Enum use
from enum import Enum
class Color(Enum):
    _foo_ = 1
