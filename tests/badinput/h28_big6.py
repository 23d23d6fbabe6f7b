# badinput: copying a huge meta tensor to the CPU
# expect-exit: 1
# expect-stderr: NotImplementedError: Cannot copy out of meta tensor; no data!
import torch
x = torch.randn(10**6, 10**6, device="meta")
print(x.shape)
y = x.to("cpu")
