# badinput: torch.rand with an integer dtype: uniform_'s check_uniform_bounds dispatch refuses it (PyTorch 2.11)
# expect-exit: 1
# expect-stderr: NotImplementedError: "check_uniform_bounds" not implemented for 'Long'
import torch
torch.rand(3, dtype=torch.int64)
