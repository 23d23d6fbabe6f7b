# badinput: torch.randn with an integer dtype: the normal kernel's AT_DISPATCH refusal, a NotImplementedError (PyTorch 2.11)
# expect-exit: 1
# expect-stderr: NotImplementedError: "normal_kernel_cpu" not implemented for 'Long'
import torch
torch.randn(2, dtype=torch.long)
