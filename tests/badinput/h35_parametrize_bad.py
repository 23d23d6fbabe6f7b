# badinput: torch.nn / utils misuse: parametrize bad
# expect-exit: 1
# expect-stderr: ValueError: Module 'Linear(in_features=2, out_features=2, bias=True)' does not have a parameter, a buffer, or a parametrized element with name 'nope'
import torch
import torch.nn.utils.parametrize as P
m = torch.nn.Linear(2, 2)
P.register_parametrization(m, "nope", torch.nn.Identity())
