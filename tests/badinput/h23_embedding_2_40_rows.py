# badinput: nn.Embedding(2**40, 1024)
# expect-exit: 1
# expect-stderr: DefaultCPUAllocator: not enough memory: you tried to allocate 4503599627370496 bytes.
import torch
import torch.nn as nn
nn.Embedding(2**40, 2**10)
