# badinput: torch API misuse: multinomial nan
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
torch.multinomial(torch.tensor([float('nan'), 1.0]), 1)
