# badinput: one_hot of index 2**40
# expect-exit: 1
# expect-stderr: DefaultCPUAllocator: not enough memory: you tried to allocate 8796093022216 bytes.
import torch
import torch.nn.functional as F
F.one_hot(torch.tensor([2**40]))
