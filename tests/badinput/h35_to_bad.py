# badinput: torch API misuse: to bad
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: banana
import torch
torch.ones(2).to("banana")
