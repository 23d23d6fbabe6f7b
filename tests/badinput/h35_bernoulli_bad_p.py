# badinput: torch API misuse: bernoulli bad p
# expect-exit: 1
# expect-stderr: RuntimeError: Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)
import torch
torch.bernoulli(torch.tensor([1.5]))
