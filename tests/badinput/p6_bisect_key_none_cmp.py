# badinput: bisect key none cmp (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'NoneType' and 'int'
import bisect
bisect.insort([1, 2], None)
