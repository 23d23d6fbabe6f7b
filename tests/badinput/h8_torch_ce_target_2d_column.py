# badinput: PyTorch misuse: ce target 2d column
# expect-exit: 1
# expect-stderr: RuntimeError: 0D or 1D target tensor expected, multi-target not supported
import torch
loss = torch.nn.functional.cross_entropy(torch.zeros(3, 5), torch.tensor([[1], [2], [0]]))
