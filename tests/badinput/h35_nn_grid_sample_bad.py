# badinput: torch.nn / utils misuse: nn grid sample bad
# expect-exit: 1
# expect-stderr: RuntimeError: grid_sampler(): expected grid to have size 2 in last dimension, but got grid with sizes [1, 2, 2, 3]
import torch
torch.nn.functional.grid_sample(torch.ones(1, 1, 2, 2), torch.ones(1, 2, 2, 3))
