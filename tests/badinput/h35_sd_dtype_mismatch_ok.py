# badinput: load_state_dict copying float64 and int64 values into float32 parameters
# expect-exit: 0
# expect-stdout: tensor([1., 1., 1.], requires_grad=True)
import torch
m = torch.nn.Linear(2, 3)
m.load_state_dict({"weight": torch.ones(3, 2, dtype=torch.float64), "bias": torch.ones(3, dtype=torch.int64)})
print(m.weight.dtype, m.bias)
