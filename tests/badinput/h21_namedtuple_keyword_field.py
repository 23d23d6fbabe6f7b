# badinput: namedtuple with a keyword field name
# expect-exit: 1
# expect-stderr: ValueError: Type names and field names cannot be a keyword: 'def'
from collections import namedtuple
namedtuple('P', ['x', 'def'])
