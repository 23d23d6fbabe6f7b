# badinput: torch.nn / utils misuse: testing assert close dtype
# expect-exit: 1
# expect-stderr: AssertionError: The values for attribute 'dtype' do not match: torch.float32 != torch.float64.
import torch
torch.testing.assert_close(torch.ones(2), torch.ones(2, dtype=torch.float64))
