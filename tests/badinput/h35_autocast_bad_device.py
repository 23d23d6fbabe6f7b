# badinput: torch.nn / utils misuse: autocast bad device
# expect-exit: 1
# expect-stderr: RuntimeError: User specified an unsupported autocast device_type 'tpu'
import torch
with torch.autocast("tpu"):
    pass
