# badinput: torch.arange(10**12)
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 8000000000000 bytes.
import torch
x = torch.arange(10**12)
