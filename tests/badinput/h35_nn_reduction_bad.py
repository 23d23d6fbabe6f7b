# badinput: torch.nn / utils misuse: nn reduction bad
# expect-exit: 1
# expect-stderr: ValueError: avg is not a valid value for reduction
import torch
torch.nn.functional.mse_loss(torch.ones(3), torch.ones(3), reduction="avg")
