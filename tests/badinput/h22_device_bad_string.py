# badinput: a device string that names no device
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: gpu
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).to('gpu')
