# badinput: torch API misuse: contains bad
# expect-exit: 1
# expect-stderr: RuntimeError: Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class 'str'>.
import torch
"a" in torch.ones(2)
