# badinput: torch.add(..., out=) overlapping its input is PyTorch's partial-overlap error (silently wrong)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor be
import torch
a = torch.arange(4.)
torch.add(a[:3], 1, out=a[1:])
