# badinput: torch.nn / utils misuse: typing generic bad
# expect-exit: 1
# expect-stderr: TypeError: Too many arguments for typing.List; actual 2, expected 1
from typing import List
List[int, str]
