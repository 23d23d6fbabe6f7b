# badinput: F.interpolate of an integer tensor in linear/bilinear/trilinear/bicubic mode: Kiln cast the interpolation weights to the integer dtype and returned wrong values (tensor([[[1, 0, 0, ...]]]) for ones); ATen's upsample kernels dispatch over floating types (bilinear/bicubic also uint8): NotImplementedError naming the kernel (h12 op-table sweep; names to be confirmed by a golden)
# expect-exit: 0
# expect-stdout: "upsample_linear1d" not implemented for 'Long'|"upsample_bilinear2d" not implemented for 'Int'|"upsample_trilinear3d" not implemented for 'Long'|[0.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3.0]
import torch
import torch.nn.functional as F
out = []
for f in (lambda: F.interpolate(torch.ones(1, 1, 4, dtype=torch.long), size=8, mode="linear"),
          lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.int32), size=4, mode="bilinear"),
          lambda: F.interpolate(torch.ones(1, 1, 2, 2, 2, dtype=torch.long), scale_factor=2, mode="trilinear")):
    try:
        f()
        out.append("no error")
    except NotImplementedError as e:
        out.append(str(e))
out.append(str(F.interpolate(torch.arange(4.).reshape(1, 1, 4), size=8, mode="linear").flatten().tolist()))
print("|".join(out))
