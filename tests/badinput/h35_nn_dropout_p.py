# badinput: torch.nn / utils misuse: nn dropout p
# expect-exit: 1
# expect-stderr: ValueError: dropout probability has to be between 0 and 1, but got 1.5
import torch
torch.nn.Dropout(1.5)
