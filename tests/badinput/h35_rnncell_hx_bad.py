# badinput: nn.GRUCell given hx of another batch size: ATen's check_rnn_cell_forward_hidden
# expect-exit: 1
# expect-stderr: RuntimeError: Input batch size 2 doesn't match hidden0 batch size 3
import torch
torch.nn.GRUCell(3, 4)(torch.randn(2, 3), torch.randn(3, 4))
