# badinput: torch API misuse: full bad fill
# expect-exit: 1
# expect-stderr: TypeError: full(): argument 'fill_value' (position 2) must be Number, not str
import torch
torch.full((2,), "a")
