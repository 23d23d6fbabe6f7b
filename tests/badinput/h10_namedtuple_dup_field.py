# badinput: namedtuple dup field
# expect-exit: 1
# expect-stderr: ValueError: Encountered duplicate field name: 'x'
import collections
collections.namedtuple("P", ["x", "x"])
