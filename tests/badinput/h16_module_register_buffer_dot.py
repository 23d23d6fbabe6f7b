# badinput: register_buffer with a dotted name
# expect-exit: 1
# expect-stderr: KeyError: 'buffer name can\'t contain "."'
import torch
m = torch.nn.Module()
m.register_buffer("a.b", torch.zeros(1))
