# badinput: Categorical with negative probs
# expect-exit: 1
# expect-stderr-has: ValueError: Expected parameter probs
import torch
torch.distributions.Categorical(probs=torch.tensor([-0.5, 1.5]))
