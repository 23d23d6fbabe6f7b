# badinput: nn.LSTMCell given the wrong input size: ATen's check_rnn_cell_forward_input, not a matmul shape error
# expect-exit: 1
# expect-stderr: RuntimeError: input has inconsistent input_size: got 5 expected 3
import torch
torch.nn.LSTMCell(3, 4)(torch.randn(2, 5))
