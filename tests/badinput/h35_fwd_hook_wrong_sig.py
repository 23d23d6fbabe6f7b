# badinput: a forward hook taking one argument
# expect-exit: 1
# expect-stderr: TypeError: <lambda>() takes 1 positional argument but 3 were given
import torch
m = torch.nn.Linear(2, 2)
m.register_forward_hook(lambda mod: None)
m(torch.ones(2))
