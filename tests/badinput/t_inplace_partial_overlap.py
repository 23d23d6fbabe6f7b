# badinput: a[1:].add_(a[:-1]) is PyTorch's partial-overlap error (silently wrong)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor be
import torch
a = torch.arange(6.)
a[1:].add_(a[:-1])
