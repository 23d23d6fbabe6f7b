# badinput: t reshape negative two (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: invalid shape dimension -2
import torch
torch.ones(4).reshape(-2, 2)
