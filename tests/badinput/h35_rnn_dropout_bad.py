# badinput: nn.LSTM with dropout 1.5
# expect-exit: 1
# expect-stderr: ValueError: dropout should be a number in range [0, 1] representing the probability of an element being zeroed
import torch
torch.nn.LSTM(3, 4, dropout=1.5)
