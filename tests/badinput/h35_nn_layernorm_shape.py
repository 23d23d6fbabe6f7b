# badinput: torch.nn / utils misuse: nn layernorm shape
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[5], expected input with shape [*, 5], but got input of size[2, 3]
import torch
torch.nn.LayerNorm(5)(torch.ones(2, 3))
