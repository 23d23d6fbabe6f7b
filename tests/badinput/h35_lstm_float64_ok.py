# badinput: a float64 LSTM on float64 input passes the dtype check
# expect-exit: 0
# expect-stdout: torch.float64
import torch
m = torch.nn.LSTM(3, 4).double()
print(m(torch.randn(5, 2, 3, dtype=torch.float64))[0].dtype)
