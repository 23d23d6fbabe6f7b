# badinput: namedtuple dup field (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Encountered duplicate field name: 'a'
import collections
collections.namedtuple('P', ['a', 'a'])
