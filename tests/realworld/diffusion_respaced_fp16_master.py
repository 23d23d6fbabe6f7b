# Diffusion training and respaced sampling in the shape of openai/guided-diffusion @ 22e0df81
# (gaussian_diffusion.py, respace.py, resample.py, losses.py, fp16_util.py, nn.py, script_util.py)
# and CompVis/stable-diffusion's ldm/models/diffusion/ddim.py @ 21f890f9, written for Kiln at toy size.
# Exercises: float64 NumPy schedules (linear and cosine through betas_for_alpha_bar) gathered into
# tensors per timestep, enum.Enum model-output kinds, learned-range variance, the MSE + variational
# bound loss (normal_kl, discretized Gaussian log-likelihood through a tanh CDF), a uniform schedule
# sampler with importance weights, fp32 master weights kept as one flat tensor per parameter group
# (torch._utils._flatten_dense_tensors / _unflatten_dense_tensors), timestep respacing ("ddimN" and
# per-section counts) with a wrapper that maps model timesteps, DDIM sampling, NumPy ufuncs applied
# to tensors (np.sqrt(tensor) stays a tensor through __array_wrap__, as stable-diffusion's DDIM
# schedule relies on), argparse flags from a defaults dict with a str2bool type.
import argparse
import enum
import math

import numpy as np
import torch as th
import torch.nn as nn
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors


# ---- schedules -------------------------------------------------------------------------------------------
def betas_for_alpha_bar(num_steps, alpha_bar, max_beta=0.999):
    betas = []
    for i in range(num_steps):
        t1, t2 = i / num_steps, (i + 1) / num_steps
        betas.append(min(1 - alpha_bar(t2) / alpha_bar(t1), max_beta))
    return np.array(betas)


def get_named_beta_schedule(name, num_steps):
    if name == "linear":
        scale = 1000 / num_steps
        return np.linspace(scale * 0.0001, scale * 0.02, num_steps, dtype=np.float64)
    if name == "cosine":
        return betas_for_alpha_bar(num_steps, lambda t: math.cos((t + 0.008) / 1.008 * math.pi / 2) ** 2)
    raise NotImplementedError(f"unknown beta schedule: {name}")


class ModelVarType(enum.Enum):
    FIXED_SMALL = enum.auto()
    LEARNED_RANGE = enum.auto()


def extract(arr, timesteps, broadcast_shape):
    # one value per batch element from a float64 NumPy array, broadcast to the image shape
    res = th.from_numpy(arr).to(device=timesteps.device)[timesteps].float()
    while len(res.shape) < len(broadcast_shape):
        res = res[..., None]
    return res.expand(broadcast_shape)


def normal_kl(mean1, logvar1, mean2, logvar2):
    return 0.5 * (-1.0 + logvar2 - logvar1 + th.exp(logvar1 - logvar2) + ((mean1 - mean2) ** 2) * th.exp(-logvar2))


def approx_standard_normal_cdf(x):
    return 0.5 * (1.0 + th.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * th.pow(x, 3))))


def discretized_gaussian_log_likelihood(x, means, log_scales):
    centered = x - means
    inv_stdv = th.exp(-log_scales)
    cdf_plus = approx_standard_normal_cdf(inv_stdv * (centered + 1.0 / 255.0))
    cdf_min = approx_standard_normal_cdf(inv_stdv * (centered - 1.0 / 255.0))
    log_cdf_plus = th.log(cdf_plus.clamp(min=1e-12))
    log_one_minus_cdf_min = th.log((1.0 - cdf_min).clamp(min=1e-12))
    log_delta = th.log((cdf_plus - cdf_min).clamp(min=1e-12))
    return th.where(x < -0.999, log_cdf_plus, th.where(x > 0.999, log_one_minus_cdf_min, log_delta))


def mean_flat(t):
    return t.mean(dim=list(range(1, len(t.shape))))


class GaussianDiffusion:
    def __init__(self, betas, var_type=ModelVarType.LEARNED_RANGE):
        self.var_type = var_type
        self.betas = np.array(betas, dtype=np.float64)
        assert (self.betas > 0).all() and (self.betas <= 1).all()
        self.num_timesteps = int(self.betas.shape[0])
        alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(alphas, axis=0)
        self.alphas_cumprod_prev = np.append(1.0, self.alphas_cumprod[:-1])
        self.sqrt_alphas_cumprod = np.sqrt(self.alphas_cumprod)
        self.sqrt_one_minus_alphas_cumprod = np.sqrt(1.0 - self.alphas_cumprod)
        self.sqrt_recip_alphas_cumprod = np.sqrt(1.0 / self.alphas_cumprod)
        self.sqrt_recipm1_alphas_cumprod = np.sqrt(1.0 / self.alphas_cumprod - 1)
        self.posterior_variance = self.betas * (1.0 - self.alphas_cumprod_prev) / (1.0 - self.alphas_cumprod)
        # the first posterior variance is 0: log of the second one instead
        self.posterior_log_variance_clipped = np.log(np.append(self.posterior_variance[1], self.posterior_variance[1:]))
        self.posterior_mean_coef1 = self.betas * np.sqrt(self.alphas_cumprod_prev) / (1.0 - self.alphas_cumprod)
        self.posterior_mean_coef2 = (1.0 - self.alphas_cumprod_prev) * np.sqrt(alphas) / (1.0 - self.alphas_cumprod)

    def q_sample(self, x_start, t, noise):
        return (extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start
                + extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise)

    def q_posterior(self, x_start, x_t, t):
        mean = extract(self.posterior_mean_coef1, t, x_t.shape) * x_start + extract(self.posterior_mean_coef2, t, x_t.shape) * x_t
        return mean, extract(self.posterior_log_variance_clipped, t, x_t.shape)

    def p_mean_variance(self, model, x, t, clip_denoised=True):
        out = model(x, self._scale_timesteps(t))
        eps, var_values = th.split(out, x.shape[1], dim=1)
        if self.var_type == ModelVarType.LEARNED_RANGE:
            min_log = extract(self.posterior_log_variance_clipped, t, x.shape)
            max_log = extract(np.log(self.betas), t, x.shape)
            frac = (var_values + 1) / 2
            log_variance = frac * max_log + (1 - frac) * min_log
        else:
            log_variance = extract(self.posterior_log_variance_clipped, t, x.shape)
        pred_xstart = extract(self.sqrt_recip_alphas_cumprod, t, x.shape) * x - extract(self.sqrt_recipm1_alphas_cumprod, t, x.shape) * eps
        if clip_denoised:
            pred_xstart = pred_xstart.clamp(-1, 1)
        mean, _ = self.q_posterior(pred_xstart, x, t)
        return {"mean": mean, "log_variance": log_variance, "pred_xstart": pred_xstart, "eps": eps}

    def _scale_timesteps(self, t):
        return t

    def training_losses(self, model, x_start, t):
        noise = th.randn_like(x_start)
        x_t = self.q_sample(x_start, t, noise)
        out = model(x_t, self._scale_timesteps(t))
        eps, var_values = th.split(out, x_start.shape[1], dim=1)
        terms = {"mse": mean_flat((noise - eps) ** 2)}
        # the variational bound trains the variance only: the mean comes from a detached eps
        frozen = th.cat([eps.detach(), var_values], dim=1)
        p = self.p_mean_variance(lambda *args, r=frozen: r, x_t, t, clip_denoised=False)
        true_mean, true_log_var = self.q_posterior(x_start, x_t, t)
        kl = mean_flat(normal_kl(true_mean, true_log_var, p["mean"], p["log_variance"])) / np.log(2.0)
        nll = -mean_flat(discretized_gaussian_log_likelihood(x_start, p["mean"], 0.5 * p["log_variance"])) / np.log(2.0)
        terms["vb"] = th.where(t == 0, nll, kl) * self.num_timesteps / 1000.0
        terms["loss"] = terms["mse"] + terms["vb"]
        return terms

    def ddim_sample_loop(self, model, shape, eta=0.0):
        img = th.randn(*shape)
        for i in list(range(self.num_timesteps))[::-1]:
            t = th.tensor([i] * shape[0])
            with th.no_grad():
                out = self.p_mean_variance(model, img, t)
            alpha_bar = extract(self.alphas_cumprod, t, img.shape)
            alpha_bar_prev = extract(self.alphas_cumprod_prev, t, img.shape)
            sigma = eta * th.sqrt((1 - alpha_bar_prev) / (1 - alpha_bar)) * th.sqrt(1 - alpha_bar / alpha_bar_prev)
            mean_pred = out["pred_xstart"] * th.sqrt(alpha_bar_prev) + th.sqrt(1 - alpha_bar_prev - sigma ** 2) * out["eps"]
            nonzero_mask = (t != 0).float().view(-1, *([1] * (len(img.shape) - 1)))
            img = mean_pred + nonzero_mask * sigma * th.randn_like(img)
        return img


def space_timesteps(num_timesteps, section_counts):
    if isinstance(section_counts, str):
        if section_counts.startswith("ddim"):
            want = int(section_counts[len("ddim"):])
            for stride in range(1, num_timesteps):
                if len(range(0, num_timesteps, stride)) == want:
                    return set(range(0, num_timesteps, stride))
            raise ValueError(f"cannot create exactly {num_timesteps} steps with an integer stride")
        section_counts = [int(x) for x in section_counts.split(",")]
    size_per, extra = divmod(num_timesteps, len(section_counts))
    start, steps = 0, []
    for i, count in enumerate(section_counts):
        size = size_per + (1 if i < extra else 0)
        if size < count:
            raise ValueError(f"cannot divide section of {size} steps into {count}")
        stride = 1 if count <= 1 else (size - 1) / (count - 1)
        cur = 0.0
        for _ in range(count):
            steps.append(start + round(cur))
            cur += stride
        start += size
    return set(steps)


class _WrappedModel:
    # the respaced process's timesteps 0..k-1 become the original ones the model was trained on
    def __init__(self, model, timestep_map):
        self.model = model
        self.timestep_map = timestep_map

    def __call__(self, x, ts):
        return self.model(x, th.tensor(self.timestep_map, device=ts.device, dtype=ts.dtype)[ts])


class SpacedDiffusion(GaussianDiffusion):
    def __init__(self, use_timesteps, betas, **kwargs):
        self.use_timesteps = set(use_timesteps)
        self.timestep_map = []
        base = GaussianDiffusion(betas, **kwargs)
        last, new_betas = 1.0, []
        for i, alpha_cumprod in enumerate(base.alphas_cumprod):
            if i in self.use_timesteps:
                new_betas.append(1 - alpha_cumprod / last)
                last = alpha_cumprod
                self.timestep_map.append(i)
        super().__init__(np.array(new_betas), **kwargs)

    def p_mean_variance(self, model, *args, **kwargs):
        return super().p_mean_variance(_WrappedModel(model, self.timestep_map), *args, **kwargs)


class UniformSampler:
    def __init__(self, diffusion):
        self._weights = np.ones([diffusion.num_timesteps])

    def sample(self, batch_size):
        p = self._weights / np.sum(self._weights)
        indices = th.from_numpy(np.random.choice(len(p), size=(batch_size,), p=p)).long()
        weights = th.from_numpy(1 / (len(p) * p[indices.numpy()])).float()
        return indices, weights


# ---- model -----------------------------------------------------------------------------------------------
def timestep_embedding(timesteps, dim, max_period=10000):
    half = dim // 2
    freqs = th.exp(-math.log(max_period) * th.arange(start=0, end=half, dtype=th.float32) / half)
    args = timesteps[:, None].float() * freqs[None]
    return th.cat([th.cos(args), th.sin(args)], dim=-1)


class GroupNorm32(nn.GroupNorm):
    def forward(self, x):
        return super().forward(x.float()).type(x.dtype)


def zero_module(module):
    for p in module.parameters():
        p.detach().zero_()
    return module


class TinyEpsModel(nn.Module):
    def __init__(self, channels=3, width=32, time_dim=32):
        super().__init__()
        self.time_dim = time_dim
        self.time_embed = nn.Sequential(nn.Linear(time_dim, width), nn.SiLU(), nn.Linear(width, width))
        self.inp = nn.Conv2d(channels, width, 3, padding=1)
        self.norm = GroupNorm32(8, width)
        self.mid = nn.Conv2d(width, width, 3, padding=1)
        self.out = zero_module(nn.Conv2d(width, 2 * channels, 3, padding=1))

    def forward(self, x, timesteps):
        emb = self.time_embed(timestep_embedding(timesteps, self.time_dim))
        h = self.inp(x) + emb[:, :, None, None]
        h = self.mid(nn.functional.silu(self.norm(h)))
        return self.out(nn.functional.silu(h))


# ---- fp32 master weights (fp16_util.py's layout, with use_fp16 off) -------------------------------------
def get_param_groups_and_shapes(named_params):
    scalar_vector = [(n, p) for (n, p) in named_params if p.ndim <= 1]
    matrix = [(n, p) for (n, p) in named_params if p.ndim > 1]
    return [(scalar_vector, (-1)), (matrix, (1, -1))]


def make_master_params(groups_and_shapes):
    masters = []
    for params, shape in groups_and_shapes:
        flat = _flatten_dense_tensors([p.detach().float() for (_, p) in params]).view(shape)
        masters.append(nn.Parameter(flat))
    return masters


def model_grads_to_master_grads(groups_and_shapes, masters):
    for master, (params, shape) in zip(masters, groups_and_shapes):
        master.grad = _flatten_dense_tensors([p.grad.data.detach().float() if p.grad is not None else th.zeros_like(p)
                                              for (_, p) in params]).view(shape)


def master_params_to_model_params(groups_and_shapes, masters):
    for master, (params, _) in zip(masters, groups_and_shapes):
        for (_, p), unflat in zip(params, _unflatten_dense_tensors(master.detach().view(-1), tuple(p for (_, p) in params))):
            p.detach().copy_(unflat)


def str2bool(v):
    if isinstance(v, bool):
        return v
    if v.lower() in ("yes", "true", "t", "y", "1"):
        return True
    if v.lower() in ("no", "false", "f", "n", "0"):
        return False
    raise argparse.ArgumentTypeError("boolean value expected")


def main():
    defaults = dict(diffusion_steps=40, noise_schedule="cosine", learn_sigma=True, lr=2e-3, batch_size=4, steps=4,
                    timestep_respacing="ddim5")
    parser = argparse.ArgumentParser()
    for k, v in defaults.items():
        parser.add_argument(f"--{k}", default=v, type=str2bool if isinstance(v, bool) else type(v))
    args = parser.parse_args(["--noise_schedule", "cosine", "--learn_sigma", "yes"])
    print(vars(args))
    th.manual_seed(0)
    np.random.seed(0)

    lin = get_named_beta_schedule("linear", 40)
    cos = get_named_beta_schedule(args.noise_schedule, args.diffusion_steps)
    print("linear", lin.dtype, f"{lin[0]:.6f} {lin[-1]:.6f}", "cosine", f"{cos[0]:.6f} {cos[-1]:.6f}")
    print("respacing", sorted(space_timesteps(40, "ddim5")), sorted(space_timesteps(40, "3,2")), sorted(space_timesteps(10, "10")))
    try:
        space_timesteps(40, "ddim9")
    except ValueError as e:
        print("ValueError:", e)

    diffusion = GaussianDiffusion(cos)
    print("T", diffusion.num_timesteps, f"{diffusion.alphas_cumprod[-1]:.6f}", f"{diffusion.posterior_log_variance_clipped[0]:.4f}")
    # stable-diffusion's DDIM schedule: NumPy's sqrt of a tensor comes back as a tensor
    ac = th.tensor(diffusion.alphas_cumprod)
    sqrt_ac = np.sqrt(ac.cpu())
    print("np.sqrt(tensor)", type(sqrt_ac).__name__, sqrt_ac.dtype, f"{sqrt_ac.clone().detach().to(th.float32)[-1].item():.6f}",
          type(np.sqrt(1.0 - ac)).__name__)

    model = TinyEpsModel()
    named = list(model.named_parameters())
    groups = get_param_groups_and_shapes(named)
    masters = make_master_params(groups)
    print("master groups", [tuple(m.shape) for m in masters], sum(p.numel() for p in model.parameters()))
    opt = th.optim.AdamW(masters, lr=args.lr)
    sampler = UniformSampler(diffusion)
    data = th.rand(16, 3, 8, 8) * 2 - 1
    for step in range(args.steps):
        batch = data[step * args.batch_size:(step + 1) * args.batch_size]
        t, weights = sampler.sample(args.batch_size)
        model.zero_grad()
        losses = diffusion.training_losses(model, batch, t)
        loss = (losses["loss"] * weights).mean()
        loss.backward()
        model_grads_to_master_grads(groups, masters)
        grad_norm = math.sqrt(sum(float(m.grad.norm()) ** 2 for m in masters))
        opt.step()
        master_params_to_model_params(groups, masters)
        print(f"step {step} t={t.tolist()} loss {loss.item():.4f} mse {losses['mse'].mean().item():.4f} "
              f"vb {losses['vb'].mean().item():.4f} grad_norm {grad_norm:.4f}")
    print("model matches masters:", all(th.equal(a, b) for a, b in
                                        zip(_unflatten_dense_tensors(masters[1].detach().view(-1), tuple(p for _, p in groups[1][0])),
                                            (p for _, p in groups[1][0]))))

    spaced = SpacedDiffusion(space_timesteps(args.diffusion_steps, args.timestep_respacing), cos)
    print("spaced", spaced.num_timesteps, spaced.timestep_map, f"{spaced.betas[-1]:.6f}")
    model.eval()
    sample = spaced.ddim_sample_loop(model, (2, 3, 8, 8), eta=0.0)
    print("ddim sample", tuple(sample.shape), f"{sample.abs().mean().item():.4f}")
    img = ((sample + 1) * 127.5).clamp(0, 255).to(th.uint8).permute(0, 2, 3, 1).contiguous()
    print("uint8 image", tuple(img.shape), img.dtype)


if __name__ == "__main__":
    main()
