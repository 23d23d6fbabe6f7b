# badinput: torch.nn / utils misuse: dist bernoulli both
# expect-exit: 1
# expect-stderr: ValueError: Either `probs` or `logits` must be specified, but not both.
import torch
torch.distributions.Bernoulli(probs=0.5, logits=0.0)
