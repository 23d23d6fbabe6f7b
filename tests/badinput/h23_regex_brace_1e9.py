# badinput: a regex repeat count of a billion
# expect-exit: 1
# expect-stderr: re.error: cannot compile 'a{1000000000}'
import torch
import re
print(re.compile(r"a{1000000000}"))
