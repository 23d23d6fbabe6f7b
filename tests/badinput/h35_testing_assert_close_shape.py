# badinput: torch.nn / utils misuse: testing assert close shape
# expect-exit: 1
# expect-stderr: AssertionError: The values for attribute 'shape' do not match: torch.Size([2]) != torch.Size([3]).
import torch
torch.testing.assert_close(torch.ones(2), torch.ones(3))
