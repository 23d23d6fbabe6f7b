# badinput: nn.MSELoss(reduction='avg') is built as PyTorch builds it; the reduction is refused when the loss runs
# expect-exit: 1
# expect-stdout: built
# expect-stderr: ValueError: avg is not a valid value for reduction
import torch
loss = torch.nn.MSELoss(reduction='avg')
print('built')
loss(torch.ones(2), torch.zeros(2))
