# badinput: a 4 TB tensor with no cap: allocation failure is an error, not a crash
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 4398046511104 bytes.
import torch
x = torch.zeros(2**40)
print(x[0])
