# badinput: bernoulli p big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: bernoulli_ expects p to be in [0, 1], but got p=2
import torch
torch.ones(3).bernoulli_(2.0)
