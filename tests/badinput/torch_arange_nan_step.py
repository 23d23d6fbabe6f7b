# badinput: a NaN step is PyTorch's "step must be nonzero" (NaN is neither > 0 nor < 0)
# expect-exit: 1
# expect-stderr: RuntimeError: step must be nonzero
import torch
torch.arange(0, 10, float("nan"))
