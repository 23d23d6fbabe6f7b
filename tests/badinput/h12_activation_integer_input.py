# badinput: integer and bool tensors to floating-only activations (gelu, silu, elu/selu/celu, leaky_relu, softplus, mish, hardswish, hardsigmoid, logsigmoid, softshrink, hardshrink, glu): Kiln promoted them to float like exp/sigmoid and returned values; ATen's kernels dispatch over floating types only, NotImplementedError naming the CPU kernel (softshrink: its meta function's softshrink_check dispatch, per the PyTorch 2.11 golden). hardtanh/relu6 keep an integer dtype (bounds truncated) and refuse bool (h12 op-table sweep)
# expect-exit: 0
# expect-stdout: GeluKernelImpl:Long silu_cpu:Long elu_cpu:Long elu_cpu:Long elu_cpu:Long leaky_relu_cpu:Long softplus_cpu:Long mish_cpu:Long hardswish_cpu:Long hardsigmoid_cpu:Long log_sigmoid_cpu:Long softshrink_check:Long hardshrink_cpu:Long glu_cpu:Long GeluKernelImpl:Bool mish_cpu:Long silu_cpu:Bool|torch.int64 [6, 0, 1] torch.int64 [2, -2, 1] torch.uint8 [5, 3]|Bool inputs not supported for hardtanh|cannot do hardtanh on an unsigned type with negative limits|torch.float32 [0.0, 6.0]
import torch
import torch.nn as nn
import torch.nn.functional as F
i = torch.tensor([7, -3, 1, 2])
fs = [F.gelu, F.silu, F.elu, F.selu, F.celu, F.leaky_relu, F.softplus, F.mish, F.hardswish, F.hardsigmoid,
      F.logsigmoid, F.softshrink, F.hardshrink, F.glu, lambda t: nn.GELU()(t > 0), nn.Mish(), lambda t: nn.SiLU()(t > 0)]
out = []
for f in fs:
    try:
        f(i)
        out.append("no error")
    except NotImplementedError as e:
        kernel, _, rest = str(e).partition(" not implemented for ")
        out.append(kernel.strip('"') + ":" + rest.strip("'"))
line = [" ".join(out)]
r1, r2, r3 = F.relu6(i[:3]), nn.Hardtanh(-2.5, 2.5)(i[:3]), F.hardtanh(torch.tensor([7, 3], dtype=torch.uint8), 0, 5)
line.append(f"{r1.dtype} {r1.tolist()} {r2.dtype} {r2.tolist()} {r3.dtype} {r3.tolist()}")
for f in (lambda: F.relu6(torch.tensor([True])), lambda: F.hardtanh(torch.tensor([1], dtype=torch.uint8))):
    try:
        f()
        line.append("no error")
    except RuntimeError as e:
        line.append(str(e))
r4 = F.relu6(torch.tensor([-1.5, 7.0]))
line.append(f"{r4.dtype} {r4.tolist()}")
print("|".join(line))
