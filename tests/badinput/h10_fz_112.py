# badinput: torch.nn.utils.rnn.pack_padded_sequence(torch.ones(3, 2, 4), [2, 3]) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.utils.rnn.pack_padded_sequence(torch.ones(3, 2, 4), [2, 3])
