# badinput: repeat past the memory
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 1200000000000 bytes.
import torch
x = torch.ones(3).repeat(10**11)
