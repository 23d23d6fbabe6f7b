# A denoising-diffusion model in the shape of lucidrains/denoising-diffusion-pytorch
# denoising_diffusion_pytorch.py, continuous_time_gaussian_diffusion.py, karras_unet.py and xm.py
# @ faed4db2 (this project's code, following their structure at toy sizes): module-level imports of
# multiprocessing.cpu_count, torch.special.expm1 and torch.utils._pytree; helper functions
# (exists/default/cast_tuple/divisible_by), sinusoidal time embeddings, a small U-Net whose decoder
# blocks are prepended with ModuleList.insert(0, ...), linear and cosine beta schedules registered as
# float32 buffers, q_sample / predict_start_from_noise / q_posterior, the pred_noise, pred_x0 and
# pred_v objectives with min-SNR loss weights, DDIM sampling, a continuous-time log-SNR schedule
# through expm1, and an xm.py-style call chunked with tree_flatten / tree_map.
import math
from collections import namedtuple
from functools import partial
from multiprocessing import cpu_count

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn import Module, ModuleList
from torch.special import expm1
from torch.utils._pytree import tree_flatten, tree_map, tree_unflatten

ModelPrediction = namedtuple('ModelPrediction', ['pred_noise', 'pred_x_start'])


def exists(x):
    return x is not None


def default(val, d):
    if exists(val):
        return val
    return d() if callable(d) else d


def cast_tuple(t, length=1):
    if isinstance(t, tuple):
        return t
    return ((t,) * length)


def divisible_by(numer, denom):
    return (numer % denom) == 0


def identity(t, *args, **kwargs):
    return t


def extract(a, t, x_shape):
    b, *_ = t.shape
    out = a.gather(-1, t)
    return out.reshape(b, *((1,) * (len(x_shape) - 1)))


def normalize_to_neg_one_to_one(img):
    return img * 2 - 1


def unnormalize_to_zero_to_one(t):
    return (t + 1) * 0.5


def prepend(arr, el):
    arr.insert(0, el)


class SinusoidalPosEmb(Module):
    def __init__(self, dim, theta=10000):
        super().__init__()
        self.dim = dim
        self.theta = theta

    def forward(self, x):
        half_dim = self.dim // 2
        emb = math.log(self.theta) / (half_dim - 1)
        emb = torch.exp(torch.arange(half_dim) * -emb)
        emb = x[:, None] * emb[None, :]
        return torch.cat((emb.sin(), emb.cos()), dim=-1)


class Block(Module):
    def __init__(self, dim, dim_out, groups=4):
        super().__init__()
        self.proj = nn.Conv2d(dim, dim_out, 3, padding=1)
        self.norm = nn.GroupNorm(groups, dim_out)
        self.act = nn.SiLU()

    def forward(self, x, scale_shift=None):
        x = self.norm(self.proj(x))
        if exists(scale_shift):
            scale, shift = scale_shift
            x = x * (scale + 1) + shift
        return self.act(x)


class ResnetBlock(Module):
    def __init__(self, dim, dim_out, *, time_emb_dim=None, groups=4):
        super().__init__()
        self.mlp = nn.Sequential(nn.SiLU(), nn.Linear(time_emb_dim, dim_out * 2)) if exists(time_emb_dim) else None
        self.block1 = Block(dim, dim_out, groups=groups)
        self.block2 = Block(dim_out, dim_out, groups=groups)
        self.res_conv = nn.Conv2d(dim, dim_out, 1) if dim != dim_out else nn.Identity()

    def forward(self, x, time_emb=None):
        scale_shift = None
        if exists(self.mlp) and exists(time_emb):
            time_emb = self.mlp(time_emb)[:, :, None, None]
            scale_shift = time_emb.chunk(2, dim=1)
        h = self.block1(x, scale_shift=scale_shift)
        h = self.block2(h)
        return h + self.res_conv(x)


class Unet(Module):
    def __init__(self, dim, dim_mults=(1, 2), channels=3, self_condition=False, learned_variance=False):
        super().__init__()
        self.channels = channels
        self.self_condition = self_condition
        self.init_conv = nn.Conv2d(channels, dim, 3, padding=1)
        dims = [dim, *map(lambda m: dim * m, dim_mults)]
        in_out = list(zip(dims[:-1], dims[1:]))
        time_dim = dim * 4
        self.time_mlp = nn.Sequential(SinusoidalPosEmb(dim), nn.Linear(dim, time_dim), nn.GELU(),
                                      nn.Linear(time_dim, time_dim))
        block = partial(ResnetBlock, time_emb_dim=time_dim)
        self.downs = ModuleList([])
        self.ups = ModuleList([])
        for ind, (dim_in, dim_out) in enumerate(in_out):
            is_last = ind >= (len(in_out) - 1)
            self.downs.append(ModuleList([
                block(dim_in, dim_in),
                nn.Conv2d(dim_in, dim_out, 4, 2, 1) if not is_last else nn.Conv2d(dim_in, dim_out, 3, padding=1)]))
            # the decoder is built in reverse: each new stage goes in front; the stage of the full
            # resolution (ind 0, last to run) keeps its size
            prepend(self.ups, ModuleList([
                block(dim_out + dim_in, dim_out),
                nn.ConvTranspose2d(dim_out, dim_in, 4, 2, 1) if ind > 0 else nn.Conv2d(dim_out, dim_in, 3, padding=1)]))
        mid_dim = dims[-1]
        self.mid_block = block(mid_dim, mid_dim)
        self.out_dim = channels * (1 if not learned_variance else 2)
        self.final_res_block = block(dim * 2, dim)
        self.final_conv = nn.Conv2d(dim, self.out_dim, 1)

    def forward(self, x, time, x_self_cond=None):
        x = self.init_conv(x)
        r = x.clone()
        t = self.time_mlp(time)
        h = []
        for block1, downsample in self.downs:
            x = block1(x, t)
            h.append(x)
            x = downsample(x)
        x = self.mid_block(x, t)
        for block1, upsample in self.ups:
            x = torch.cat((x, h.pop()), dim=1)
            x = block1(x, t)
            x = upsample(x)
        x = torch.cat((x, r), dim=1)
        x = self.final_res_block(x, t)
        return self.final_conv(x)


def linear_beta_schedule(timesteps):
    scale = 1000 / timesteps
    beta_start = scale * 0.0001
    beta_end = scale * 0.02
    return torch.linspace(beta_start, beta_end, timesteps, dtype=torch.float64)


def cosine_beta_schedule(timesteps, s=0.008):
    steps = timesteps + 1
    t = torch.linspace(0, timesteps, steps, dtype=torch.float64) / timesteps
    alphas_cumprod = torch.cos((t + s) / (1 + s) * math.pi * 0.5) ** 2
    alphas_cumprod = alphas_cumprod / alphas_cumprod[0]
    betas = 1 - (alphas_cumprod[1:] / alphas_cumprod[:-1])
    return torch.clip(betas, 0, 0.999)


class GaussianDiffusion(Module):
    def __init__(self, model, *, image_size, timesteps=20, sampling_timesteps=None, objective='pred_v',
                 beta_schedule='cosine', ddim_sampling_eta=0., min_snr_loss_weight=True, min_snr_gamma=5):
        super().__init__()
        assert not (type(self) == GaussianDiffusion and model.channels != model.out_dim)
        self.model = model
        self.channels = self.model.channels
        self.image_size = image_size
        self.objective = objective
        assert objective in {'pred_noise', 'pred_x0', 'pred_v'}, 'objective must be either pred_noise, pred_x0 or pred_v'
        beta_schedule_fn = {'linear': linear_beta_schedule, 'cosine': cosine_beta_schedule}[beta_schedule]
        betas = beta_schedule_fn(timesteps)
        alphas = 1. - betas
        alphas_cumprod = torch.cumprod(alphas, dim=0)
        alphas_cumprod_prev = F.pad(alphas_cumprod[:-1], (1, 0), value=1.)
        timesteps, = betas.shape
        self.num_timesteps = int(timesteps)
        self.sampling_timesteps = default(sampling_timesteps, timesteps)
        assert self.sampling_timesteps <= timesteps
        self.is_ddim_sampling = self.sampling_timesteps < timesteps
        self.ddim_sampling_eta = ddim_sampling_eta
        register_buffer = lambda name, val: self.register_buffer(name, val.to(torch.float32))
        register_buffer('betas', betas)
        register_buffer('alphas_cumprod', alphas_cumprod)
        register_buffer('alphas_cumprod_prev', alphas_cumprod_prev)
        register_buffer('sqrt_alphas_cumprod', torch.sqrt(alphas_cumprod))
        register_buffer('sqrt_one_minus_alphas_cumprod', torch.sqrt(1. - alphas_cumprod))
        register_buffer('sqrt_recip_alphas_cumprod', torch.sqrt(1. / alphas_cumprod))
        register_buffer('sqrt_recipm1_alphas_cumprod', torch.sqrt(1. / alphas_cumprod - 1))
        posterior_variance = betas * (1. - alphas_cumprod_prev) / (1. - alphas_cumprod)
        register_buffer('posterior_variance', posterior_variance)
        register_buffer('posterior_log_variance_clipped', torch.log(posterior_variance.clamp(min=1e-20)))
        register_buffer('posterior_mean_coef1', betas * torch.sqrt(alphas_cumprod_prev) / (1. - alphas_cumprod))
        register_buffer('posterior_mean_coef2', (1. - alphas_cumprod_prev) * torch.sqrt(alphas) / (1. - alphas_cumprod))
        snr = alphas_cumprod / (1 - alphas_cumprod)
        maybe_clipped_snr = snr.clone()
        if min_snr_loss_weight:
            maybe_clipped_snr.clamp_(max=min_snr_gamma)
        if objective == 'pred_noise':
            register_buffer('loss_weight', maybe_clipped_snr / snr)
        elif objective == 'pred_x0':
            register_buffer('loss_weight', maybe_clipped_snr)
        elif objective == 'pred_v':
            register_buffer('loss_weight', maybe_clipped_snr / (snr + 1))

    @property
    def device(self):
        return self.betas.device

    def predict_start_from_noise(self, x_t, t, noise):
        return (extract(self.sqrt_recip_alphas_cumprod, t, x_t.shape) * x_t -
                extract(self.sqrt_recipm1_alphas_cumprod, t, x_t.shape) * noise)

    def predict_noise_from_start(self, x_t, t, x0):
        return ((extract(self.sqrt_recip_alphas_cumprod, t, x_t.shape) * x_t - x0) /
                extract(self.sqrt_recipm1_alphas_cumprod, t, x_t.shape))

    def predict_v(self, x_start, t, noise):
        return (extract(self.sqrt_alphas_cumprod, t, x_start.shape) * noise -
                extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * x_start)

    def predict_start_from_v(self, x_t, t, v):
        return (extract(self.sqrt_alphas_cumprod, t, x_t.shape) * x_t -
                extract(self.sqrt_one_minus_alphas_cumprod, t, x_t.shape) * v)

    def q_posterior(self, x_start, x_t, t):
        posterior_mean = (extract(self.posterior_mean_coef1, t, x_t.shape) * x_start +
                          extract(self.posterior_mean_coef2, t, x_t.shape) * x_t)
        return posterior_mean, extract(self.posterior_variance, t, x_t.shape), \
            extract(self.posterior_log_variance_clipped, t, x_t.shape)

    def model_predictions(self, x, t, clip_x_start=False):
        model_output = self.model(x, t)
        maybe_clip = partial(torch.clamp, min=-1., max=1.) if clip_x_start else identity
        if self.objective == 'pred_noise':
            pred_noise = model_output
            x_start = maybe_clip(self.predict_start_from_noise(x, t, pred_noise))
        elif self.objective == 'pred_x0':
            x_start = maybe_clip(model_output)
            pred_noise = self.predict_noise_from_start(x, t, x_start)
        else:
            x_start = maybe_clip(self.predict_start_from_v(x, t, model_output))
            pred_noise = self.predict_noise_from_start(x, t, x_start)
        return ModelPrediction(pred_noise, x_start)

    @torch.inference_mode()
    def ddim_sample(self, shape):
        batch = shape[0]
        times = torch.linspace(-1, self.num_timesteps - 1, steps=self.sampling_timesteps + 1)
        times = list(reversed(times.int().tolist()))
        time_pairs = list(zip(times[:-1], times[1:]))
        img = torch.randn(shape)
        for time, time_next in time_pairs:
            time_cond = torch.full((batch,), time, dtype=torch.long)
            pred_noise, x_start = self.model_predictions(img, time_cond, clip_x_start=True)
            if time_next < 0:
                img = x_start
                continue
            alpha = self.alphas_cumprod[time]
            alpha_next = self.alphas_cumprod[time_next]
            sigma = self.ddim_sampling_eta * ((1 - alpha / alpha_next) * (1 - alpha_next) / (1 - alpha)).sqrt()
            c = (1 - alpha_next - sigma ** 2).sqrt()
            noise = torch.randn_like(img)
            img = x_start * alpha_next.sqrt() + c * pred_noise + sigma * noise
        return unnormalize_to_zero_to_one(img)

    def q_sample(self, x_start, t, noise=None):
        noise = default(noise, lambda: torch.randn_like(x_start))
        return (extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start +
                extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise)

    def p_losses(self, x_start, t, noise=None):
        noise = default(noise, lambda: torch.randn_like(x_start))
        x = self.q_sample(x_start=x_start, t=t, noise=noise)
        model_out = self.model(x, t)
        if self.objective == 'pred_noise':
            target = noise
        elif self.objective == 'pred_x0':
            target = x_start
        else:
            target = self.predict_v(x_start, t, noise)
        loss = F.mse_loss(model_out, target, reduction='none')
        loss = loss.reshape(loss.shape[0], -1).mean(dim=1)
        loss = loss * extract(self.loss_weight, t, loss.shape)
        return loss.mean()

    def forward(self, img):
        b, c, h, w = img.shape
        assert h == self.image_size and w == self.image_size, f'height and width of image must be {self.image_size}'
        t = torch.randint(0, self.num_timesteps, (b,)).long()
        img = normalize_to_neg_one_to_one(img)
        return self.p_losses(img, t)


# continuous_time_gaussian_diffusion.py's log-SNR helpers
def log(t, eps=1e-20):
    return torch.log(t.clamp(min=eps))


def beta_linear_log_snr(t):
    return -torch.log(expm1(1e-4 + 10 * (t ** 2)))


def alpha_cosine_log_snr(t, s=0.008):
    return -log((torch.cos((t + s) / (1 + s) * math.pi * 0.5) ** -2) - 1, eps=1e-5)


def chunked_call(fn, batch_size, *args, **kwargs):
    # xm.py's pattern: split every tensor leaf of (args, kwargs) along dim 0, call, and concatenate
    leaves, spec = tree_flatten((args, kwargs))
    n = leaves[0].shape[0]
    outs = []
    for start in range(0, n, batch_size):
        chunk = tree_map(lambda x: x[start:start + batch_size] if torch.is_tensor(x) else x, (args, kwargs))
        chunk_args, chunk_kwargs = chunk
        outs.append(fn(*chunk_args, **chunk_kwargs))
    return torch.cat(outs, dim=0), spec.num_leaves, tree_unflatten(leaves, spec)[1]


torch.manual_seed(0)
print('cpu_count is an int:', isinstance(cpu_count(), int) and cpu_count() >= 1)
model = Unet(dim=8, dim_mults=(1, 2), channels=3)
print('ups stages:', len(model.ups), [type(m[1]).__name__ for m in model.ups])
print('params:', sum(p.numel() for p in model.parameters()))
images = torch.rand(4, 3, 8, 8)
for objective, schedule in [('pred_noise', 'linear'), ('pred_x0', 'cosine'), ('pred_v', 'cosine')]:
    torch.manual_seed(1)
    m = Unet(dim=8, dim_mults=(1, 2))
    diffusion = GaussianDiffusion(m, image_size=8, timesteps=100 if schedule == 'linear' else 20, sampling_timesteps=4,
                                  objective=objective, beta_schedule=schedule)
    opt = torch.optim.Adam(diffusion.parameters(), lr=1e-3)
    losses = []
    for step in range(3):
        loss = diffusion(images)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    sample = diffusion.ddim_sample((2, 3, 8, 8))
    print(objective, schedule, 'losses', [f'{v:.4f}' for v in losses], 'sample', tuple(sample.shape),
          'finite', bool(torch.isfinite(sample).all()))
    print('  loss_weight[:3]', [round(v, 4) for v in diffusion.loss_weight[:3].tolist()],
          'buffers', len(list(diffusion.buffers())))

t = torch.linspace(0., 1., 5)
print('beta_linear_log_snr', [round(v, 2) for v in beta_linear_log_snr(t).tolist()])
print('alpha_cosine_log_snr', [round(v, 2) for v in alpha_cosine_log_snr(t).tolist()])

x = torch.randn(5, 3, 8, 8)
times = torch.arange(5)
with torch.no_grad():
    full = model(x, times)
    chunked, num_leaves, kw = chunked_call(model, 2, x, time=times)
print('chunked matches', torch.allclose(full, chunked, atol=1e-5), 'leaves', num_leaves, sorted(kw))
