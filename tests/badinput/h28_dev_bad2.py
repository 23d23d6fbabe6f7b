# badinput: device string 'cuda0'
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: cuda0
import torch
x = torch.randn(3).to("cuda0")
