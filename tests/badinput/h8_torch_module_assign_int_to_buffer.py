# badinput: PyTorch misuse: module assign int to buffer
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' as buffer 'running_mean' (torch.Tensor or None expected)
import torch
bn = torch.nn.BatchNorm1d(2)
bn.running_mean = 3
