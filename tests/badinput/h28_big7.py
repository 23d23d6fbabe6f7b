# badinput: a Linear layer of 10**12 weights
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 4000000000000 bytes.
import torch
import torch.nn as nn
m = nn.Linear(10**6, 10**6)
