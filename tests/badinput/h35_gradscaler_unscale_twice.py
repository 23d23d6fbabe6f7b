# badinput: torch.nn / utils misuse: gradscaler unscale twice
# expect-exit: 1
# expect-stderr: RuntimeError: unscale_() has already been called on this optimizer since the last update().
import torch
s = torch.amp.GradScaler("cpu")
p = torch.nn.Parameter(torch.ones(2))
o = torch.optim.SGD([p], lr=0.1)
(s.scale(p.sum())).backward()
s.unscale_(o)
s.unscale_(o)
