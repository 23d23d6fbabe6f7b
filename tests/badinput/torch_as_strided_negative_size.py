# badinput: as_strided with a negative size
# expect-exit: 1
# expect-stderr: RuntimeError
import torch
torch.ones(4).as_strided((-2,), (1,))
