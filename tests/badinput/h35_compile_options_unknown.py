# badinput: torch.compile with an unknown inductor option
# expect-exit: 1
# expect-stderr: Unexpected optimization option not_an_option
import torch
f = torch.compile(lambda x: x + 1, options={"not_an_option": 1})
f(torch.ones(2))
