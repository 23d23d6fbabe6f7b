# badinput: torch API misuse: setitem shape bad
# expect-exit: 1
# expect-stderr: RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2].  Tensor sizes: [3]
import torch
x = torch.zeros(3, 2)
x[0] = torch.ones(3)
