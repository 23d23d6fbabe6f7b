# badinput: F.interpolate of integer and bool tensors in every mode: Kiln copied integers through nearest and nearest-exact, where ATen's CPU upsample kernels dispatch over floating types (nearest also uint8, bilinear/bicubic uint8 through their separable path). The NotImplementedError names the first dispatch reached (UpSampleKernel.cpp): the channels-last kernel when the input is channels-last contiguous with more than 3 channels, or (2-d) the output's height + width is at most 128; otherwise the generic kernel's compute_indices_weights_<mode>, which runs in the input's dtype; antialias: compute_index_ranges_weights unless the size stays (a copy) (h13 sweep; rule from PyTorch's source, needs a PyTorch 2.11 check)
# expect-exit: 0
# expect-stdout: "compute_indices_weights_nearest" not implemented for 'Long'|"upsample_nearest2d_channels_last" not implemented for 'Long'|"compute_indices_weights_nearest" not implemented for 'Long'|"upsample_nearest2d_channels_last" not implemented for 'Int'|"compute_indices_weights_nearest" not implemented for 'Bool'|"upsample_nearest3d_channels_last" not implemented for 'Long'|"compute_indices_weights_linear" not implemented for 'Long'|"upsample_trilinear3d_channels_last" not implemented for 'Int'|"compute_indices_weights_cubic" not implemented for 'Long'|"upsample_bilinear2d_channels_last" not implemented for 'Short'|"compute_index_ranges_weights" not implemented for 'Long'|no error torch.int32|torch.uint8 [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]|torch.uint8 (1, 1, 3, 3) (1, 1, 3, 3)
import torch
import torch.nn.functional as F

cl = torch.channels_last
cl3 = torch.channels_last_3d
cases = [
    lambda: F.interpolate(torch.ones(1, 1, 4, dtype=torch.long), size=8),
    lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.long), size=4),
    lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.long), size=(100, 100)),
    lambda: F.interpolate(torch.ones(1, 4, 2, 2, dtype=torch.int32).contiguous(memory_format=cl), size=(100, 100)),
    lambda: F.interpolate(torch.ones(1, 1, 2, 2, 2, dtype=torch.bool), scale_factor=2),
    lambda: F.interpolate(torch.ones(1, 4, 2, 2, 2, dtype=torch.long).contiguous(memory_format=cl3), size=3,
                          mode="nearest-exact"),
    lambda: F.interpolate(torch.ones(1, 2, 2, 2, dtype=torch.long), size=(100, 100), mode="bilinear"),
    lambda: F.interpolate(torch.ones(1, 4, 2, 2, 2, dtype=torch.int32).contiguous(memory_format=cl3), size=3,
                          mode="trilinear"),
    lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.long), size=3, mode="bicubic"),
    lambda: torch.nn.Upsample(scale_factor=2, mode="bilinear")(torch.ones(1, 2, 2, 2, dtype=torch.int16)),
    lambda: F.interpolate(torch.ones(1, 1, 4, 4, dtype=torch.long), size=(2, 3), mode="bilinear", antialias=True),
    lambda: F.interpolate(torch.ones(1, 1, 4, 4, dtype=torch.int32), size=(4, 4), mode="bicubic", antialias=True),
]
out = []
for f in cases:
    try:
        r = f()
        out.append(f"no error {r.dtype}")
    except NotImplementedError as e:
        out.append(str(e))
u = F.interpolate(torch.arange(4, dtype=torch.uint8).reshape(1, 1, 2, 2), scale_factor=2)
out.append(f"{u.dtype} {u[0, 0].tolist()}")
b = F.interpolate(torch.full((1, 1, 2, 2), 9, dtype=torch.uint8), size=3, mode="bilinear")
c = F.interpolate(torch.full((1, 1, 2, 2), 9, dtype=torch.uint8), size=3, mode="bicubic")
out.append(f"{b.dtype} {tuple(b.shape)} {tuple(c.shape)}")
print("|".join(out))
