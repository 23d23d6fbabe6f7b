# badinput: torch.nn / utils misuse: nn interp bad mode
# expect-exit: 1
# expect-stderr: NotImplementedError: Input Error: Only 3D, 4D and 5D input Tensors supported (got 3D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got cubic)
import torch
torch.nn.functional.interpolate(torch.ones(1, 1, 4), scale_factor=2, mode="cubic")
