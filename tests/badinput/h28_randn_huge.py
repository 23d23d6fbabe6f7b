# badinput: a 4 TB randn
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 4000000000000 bytes.
import torch
x = torch.randn(100000, 100000, 100)
