# badinput: nn lstm dropout bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: dropout should be a number in range [0, 1] representing the probability of an element being zeroed
import torch
import torch.nn as nn
nn.LSTM(10, 20, dropout=2)
