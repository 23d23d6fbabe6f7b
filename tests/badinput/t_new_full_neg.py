# badinput: t new full neg (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -3: [-3]
import torch
torch.ones(1).new_full((-3,), 1.0)
