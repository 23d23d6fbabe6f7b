# badinput: torch.nn / utils misuse: nn nll bad
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
torch.nn.functional.nll_loss(torch.randn(2, 3), torch.tensor([0.0, 1.0]))
