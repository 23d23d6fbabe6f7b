# badinput: namedtuple with a keyword as a field
# expect-exit: 1
# expect-stderr: ValueError: Type names and field names cannot be a keyword: 'class'
from collections import namedtuple
namedtuple('P', ['x', 'class'])
