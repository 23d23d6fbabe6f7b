# badinput: lstm dropout range
# expect-exit: 1
# expect-stderr: ValueError: dropout should be a number in range [0, 1] representing the probability of an element being zeroed
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(3, 4, dropout=2.0)
