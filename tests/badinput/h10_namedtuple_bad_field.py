# badinput: namedtuple bad field
# expect-exit: 1
# expect-stderr: ValueError: Type names and field names cannot be a keyword: 'def'
import collections
collections.namedtuple("P", ["x", "def"])
