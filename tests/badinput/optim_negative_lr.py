# badinput: SGD with a negative learning rate
# expect-exit: 1
# expect-stderr: ValueError: Invalid learning rate: -1
import torch
torch.optim.SGD(torch.nn.Linear(1, 1).parameters(), lr=-1)
