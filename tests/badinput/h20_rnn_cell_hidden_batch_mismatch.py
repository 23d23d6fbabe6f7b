# badinput: RNN cells given a hidden state of another batch or size: ATen's cell checks (a batch of 1 was broadcast silently)
# expect-exit: 1
# expect-stderr: RuntimeError: Input batch size 3 doesn't match hidden0 batch size 1
import torch
for make, hx in [(lambda: torch.nn.LSTMCell(4, 8), (torch.zeros(3, 8), torch.zeros(3, 7))),
                 (lambda: torch.nn.RNNCell(4, 8), torch.zeros(2, 8)),
                 (lambda: torch.nn.GRUCell(5, 8), torch.zeros(3, 8))]:
    try:
        make()(torch.randn(3, 4), hx)
    except RuntimeError as e:
        print(e)
torch.nn.GRUCell(4, 8)(torch.randn(3, 4), torch.zeros(1, 8))
