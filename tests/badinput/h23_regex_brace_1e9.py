# badinput: a regex repeat count of a billion: compiles, as in CPython (sre's limit is MAXREPEAT, 2**32 - 1), no memory is reserved for it
# expect-exit: 0
# expect-stdout: re.compile('a{1000000000}')
import torch
import re
print(re.compile(r"a{1000000000}"))
