# badinput: torch API misuse: device bad
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: gpu
import torch
torch.ones(2, device="gpu")
