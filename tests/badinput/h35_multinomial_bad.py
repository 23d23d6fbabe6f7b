# badinput: torch API misuse: multinomial bad
# expect-exit: 1
# expect-stderr: RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)
import torch
torch.multinomial(torch.tensor([0.0, 0.0]), 1)
