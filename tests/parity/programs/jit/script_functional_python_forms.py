# torch.jit.script of torch.nn.functional's functions beyond the activations: F.interpolate and the
# upsample forms (TorchScript's aten::__interpolate overloads: an int scale_factor matches none of
# them), the builtins F re-exports (one_hot, pixel_shuffle/unshuffle, channel_shuffle, prelu, the
# transposed convolutions, softshrink/hardshrink, bilinear), unfold/fold, affine_grid/grid_sample,
# normalize, softmin, tanhshrink, glu, celu, max_pool2d / adaptive_max_pool2d with return_indices,
# kl_div (batchmean), embedding_bag and the margin, embedding and ranking losses. Each scripted
# result is printed rounded beside the eager one, with the number of DeprecationWarnings the
# torch.jit.script call gave (each reference to one of F's Python functions warns, and the first
# compile of a loss warns again for torch.nn._reduction's helpers it references).
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4)
v = torch.randn(4, 6)


def interp_size(x):
    return F.interpolate(x, size=(5, 7), mode="nearest")


def interp_bilinear(x):
    return F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)


def interp_bilinear_ac(x):
    return F.interpolate(x, size=[6, 6], mode="bilinear", align_corners=True)


def interp_bicubic(x):
    return F.interpolate(x, scale_factor=(1.5, 2.0), mode="bicubic", align_corners=False, recompute_scale_factor=False)


def interp_area(x):
    return F.interpolate(x, size=2, mode="area")


def interp_shape(x):
    return F.interpolate(x[:, :, :2, :2], size=x.shape[2:], mode="nearest")


def interp_int_scale(x):
    return F.interpolate(x, scale_factor=2)


def upsample_int_scale(x):
    return F.upsample(x, scale_factor=2, mode="nearest")


def one_hot(x):
    return F.one_hot(torch.arange(3), num_classes=4)


def shuffles(x):
    y = F.pixel_shuffle(x.repeat(1, 4, 1, 1), 2)
    return F.pixel_unshuffle(y, 2)[:, :3] + F.channel_shuffle(x.repeat(1, 2, 1, 1), 3)[:, :3]


def prelu_conv_t(x):
    y = F.prelu(x, torch.full((3,), 0.25))
    return F.conv_transpose2d(y, torch.ones(3, 2, 2, 2) * 0.1, stride=2, padding=1, output_padding=1)


def shrinks(x):
    return F.softshrink(x, 0.5) + F.hardshrink(x, lambd=0.3) + F.tanhshrink(x)


def bilinear(x):
    return F.bilinear(x[0, 0], x[1, 0], torch.ones(2, 4, 4) * 0.1, torch.ones(2))


def unfold_fold(x):
    cols = F.unfold(x, kernel_size=2, stride=2)
    return F.fold(cols * 2, output_size=(4, 4), kernel_size=2, stride=2)


def unfold_pad(x):
    return F.unfold(x, 3, 1, 1, 2)


def grid(x):
    theta = torch.tensor([[[0.9, 0.1, 0.0], [-0.1, 0.8, 0.1]]]).repeat(x.shape[0], 1, 1)
    g = F.affine_grid(theta, x.size(), align_corners=False)
    return F.grid_sample(x, g, mode="bilinear", padding_mode="border", align_corners=False)


def grid_nearest(x):
    theta = torch.tensor([[[1.1, 0.0, 0.05], [0.0, 0.9, 0.0]]]).repeat(x.shape[0], 1, 1)
    g = F.affine_grid(theta, [2, 3, 3, 5], align_corners=True)
    return F.grid_sample(x, g, mode="nearest", padding_mode="zeros", align_corners=True)


def normalize(x):
    return F.normalize(x, dim=1) + F.normalize(x, p=1.0, dim=-1, eps=1e-6)


def softmin_glu_celu(x):
    return F.softmin(x, 1) + F.glu(x.repeat(1, 2, 1, 1), dim=1) + F.celu(x, alpha=0.5)


def max_pool_indices(x):
    out, idx = F.max_pool2d(x, 2, return_indices=True)
    return out + idx.float()


def adaptive_max_indices(x):
    out, idx = F.adaptive_max_pool2d(x, (2, 2), return_indices=True)
    return out * 2 + idx.float() + F.adaptive_max_pool2d(x, 2)


def kl_batchmean(v):
    return F.kl_div(F.log_softmax(v, -1), F.softmax(v * 2, -1), reduction="batchmean")


def kl_sum_log_target(v):
    return F.kl_div(F.log_softmax(v, -1), F.log_softmax(v * 2, -1), reduction="sum", log_target=True)


def embedding_bag(v):
    return F.embedding_bag(torch.tensor([0, 1, 2, 1]), v[:3], torch.tensor([0, 2]), mode="sum")


def margin_losses(v):
    y = torch.tensor([1.0, -1.0, 1.0, -1.0])
    a = F.margin_ranking_loss(v[:, 0], v[:, 1], y, margin=0.1)
    b = F.hinge_embedding_loss(v, torch.ones_like(v), margin=0.5)
    c = F.cosine_embedding_loss(v, v.flip(0), y, reduction="sum")
    d = F.soft_margin_loss(v, torch.sign(v.flip(1)))
    return torch.stack([a, b, c, d])


def triplet_poisson(v):
    a = F.triplet_margin_loss(v, v * 0.5, v.flip(0), margin=0.5, p=1.0)
    b = F.poisson_nll_loss(v, v.abs(), log_input=True)
    c = F.multi_margin_loss(v, torch.tensor([0, 2, 5, 1]), margin=0.5)
    d = F.multilabel_soft_margin_loss(v, (v > 0).float())
    return torch.stack([a, b, c, d])


def run(name, fn, arg):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            s = torch.jit.script(fn)
        except Exception as e:
            print(name, "script:", type(e).__name__, "Arguments for call are not valid" in str(e))
            return
    n = sum(1 for w in caught if w.category is DeprecationWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got, want = s(arg), fn(arg)
    same = torch.allclose(got.double(), want.double(), atol=1e-5)
    print(name, n, tuple(got.shape), round(float(got.double().sum()), 4), same)


for name, fn, arg in [
    ("interp_size", interp_size, x), ("interp_bilinear", interp_bilinear, x),
    ("interp_bilinear_ac", interp_bilinear_ac, x), ("interp_bicubic", interp_bicubic, x),
    ("interp_area", interp_area, x), ("interp_shape", interp_shape, x),
    ("interp_int_scale", interp_int_scale, x), ("upsample_int_scale", upsample_int_scale, x),
    ("one_hot", one_hot, x), ("shuffles", shuffles, x), ("prelu_conv_t", prelu_conv_t, x),
    ("shrinks", shrinks, x), ("bilinear", bilinear, x), ("unfold_fold", unfold_fold, x),
    ("unfold_pad", unfold_pad, x), ("grid", grid, x), ("grid_nearest", grid_nearest, x),
    ("normalize", normalize, x), ("softmin_glu_celu", softmin_glu_celu, x),
    ("max_pool_indices", max_pool_indices, x), ("adaptive_max_indices", adaptive_max_indices, x),
    ("kl_batchmean", kl_batchmean, v), ("kl_sum_log_target", kl_sum_log_target, v),
    ("embedding_bag", embedding_bag, v), ("margin_losses", margin_losses, v),
    ("triplet_poisson", triplet_poisson, v),
]:
    run(name, fn, arg)
