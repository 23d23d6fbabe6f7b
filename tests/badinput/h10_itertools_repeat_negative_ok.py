# badinput: itertools repeat negative ok (h10: ends normally, as in CPython 3.12)
# expect-exit: 0
# expect-stdout: []
import itertools
print(list(itertools.repeat(1, -5)))
