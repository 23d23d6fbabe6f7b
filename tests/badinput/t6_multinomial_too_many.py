# badinput: multinomial too many (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement
import torch
torch.multinomial(torch.ones(3), 5)
