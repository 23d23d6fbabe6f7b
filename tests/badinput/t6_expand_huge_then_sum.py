# badinput: expand huge then sum (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: [enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate 4398046511104 bytes.
# expect-stdout: torch.Size([1099511627776])
import torch
x = torch.ones(1).expand(2 ** 40)
print(x.shape)
x.contiguous()
