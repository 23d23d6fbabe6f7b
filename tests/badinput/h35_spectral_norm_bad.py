# badinput: torch.nn / utils misuse: spectral norm bad
# expect-exit: 1
# expect-stderr: ValueError: Expected n_power_iterations to be positive, but got n_power_iterations=0
import torch
torch.nn.utils.spectral_norm(torch.nn.Linear(2, 2), n_power_iterations=0)
