# badinput: randn 40gb
# expect-exit: 1
# expect-stderr: DefaultCPUAllocator: not enough memory: you tried to allocate 400000000000000 bytes.
import torch
torch.randn(10 ** 7, 10 ** 7)
