# badinput: torch.nn / utils misuse: dist sample rsample
# expect-exit: 1
# expect-stderr: NotImplementedError
import torch
torch.distributions.Categorical(probs=torch.tensor([0.5, 0.5])).rsample()
