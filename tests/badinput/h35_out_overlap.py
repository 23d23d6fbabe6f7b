# badinput: torch API misuse: out overlap
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.
import torch
x = torch.arange(4.)
torch.add(x[1:], x[:-1], out=x[:-1])
print(x)
