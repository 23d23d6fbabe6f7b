# badinput: t ones like expand inplace (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before perform
import torch
x = torch.ones(1).expand(4)
x.mul_(2)
