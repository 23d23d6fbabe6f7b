# badinput: arange nan step
# expect-exit: 1
# expect-stderr: RuntimeError: step must be nonzero
import torch
torch.arange(0, 1, float("nan"))
