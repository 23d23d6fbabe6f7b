# badinput: multinomial without replacement past the categories
# expect-exit: 1
# expect-stderr: RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement
import torch
torch.multinomial(torch.ones(3), 5)
