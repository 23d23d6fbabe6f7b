# badinput: normal_ on a long tensor (std checked first, then the kernel's dispatch)
# expect-exit: 1
# expect-stderr: NotImplementedError: "normal_kernel_cpu" not implemented for 'Long'
import torch
torch.zeros(2, dtype=torch.long).normal_()
