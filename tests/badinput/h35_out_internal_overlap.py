# badinput: torch API misuse: out internal overlap
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
x = torch.zeros(1).expand(3)
torch.add(torch.ones(3), 1, out=x)
