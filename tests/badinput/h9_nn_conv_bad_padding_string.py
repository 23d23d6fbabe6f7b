# badinput: an unknown padding string
# expect-exit: 1
# expect-stderr: ValueError: Invalid padding string 'bogus', should be one of {'valid', 'same'}
import torch
torch.nn.Conv2d(3, 8, 3, padding='bogus')
