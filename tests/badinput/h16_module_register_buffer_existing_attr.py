# badinput: register_buffer over an existing plain attribute
# expect-exit: 1
# expect-stderr: KeyError: "attribute 'foo' already exists"
import torch
m = torch.nn.Module()
m.foo = 1
m.register_buffer("foo", torch.zeros(1))
