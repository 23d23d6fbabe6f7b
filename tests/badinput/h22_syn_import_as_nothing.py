# badinput: import ... as with no name
# expect-exit: 1
# expect-stderr: SyntaxError
import torch as
