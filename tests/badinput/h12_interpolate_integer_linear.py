# badinput: F.interpolate of an integer tensor in linear/bilinear/trilinear/bicubic mode: Kiln cast the interpolation weights to the integer dtype and returned wrong values (tensor([[[1, 0, 0, ...]]]) for ones); ATen's upsample kernels dispatch over floating types (bilinear/bicubic also uint8): NotImplementedError naming the first dispatch reached (UpSampleKernel.cpp: the generic kernel's compute_indices_weights_linear, or the channels-last kernel that a small 2-d output takes; PyTorch 2.11 golden)
# expect-exit: 0
# expect-stdout: "compute_indices_weights_linear" not implemented for 'Long'|"upsample_bilinear2d_channels_last" not implemented for 'Int'|"compute_indices_weights_linear" not implemented for 'Long'|[0.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3.0]
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
