# badinput: namedtuple keyword field (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Type names and field names cannot be a keyword: 'class'
import collections
collections.namedtuple('P', ['class'])
