# badinput: conv huge kernel
# expect-exit: 1
# expect-stderr: DefaultCPUAllocator: not enough memory: you tried to allocate 4000000000000 bytes.
import torch
torch.nn.Conv2d(1, 1, 10 ** 6)
