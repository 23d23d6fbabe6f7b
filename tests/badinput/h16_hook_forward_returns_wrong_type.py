# badinput: a forward hook returning a str replaces the output
# expect-exit: 0
# expect-stdout: replaced
import torch
m = torch.nn.Linear(2, 2)
m.register_forward_hook(lambda mod, inp, out: "replaced")
print(m(torch.ones(1, 2)))
