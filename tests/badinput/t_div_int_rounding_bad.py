# badinput: t div int rounding bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'nope'
import torch
torch.div(torch.ones(2), 2, rounding_mode='nope')
