# torch.distributions.utils: broadcast_all, the probs/logits conversions, lazy_property and the
# private helpers the distributions share (_sum_rightmost, _standard_normal, _xlogy, euler_constant).
import math

import torch
import torch.nn.functional as F

# numbers.Number's built-in members (Kiln has no numbers module)
Number = (int, float)


def broadcast_all(*values):
    if not all(isinstance(v, (torch.Tensor, Number)) for v in values):
        raise ValueError("Input arguments must all be instances of numbers.Number, torch.Tensor or objects "
                         "implementing __torch_function__.")
    if not all(isinstance(v, torch.Tensor) for v in values):
        options = dict(dtype=torch.get_default_dtype())
        for value in values:
            if isinstance(value, torch.Tensor):
                options = dict(dtype=value.dtype, device=value.device)
                break
        new_values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, **options) for v in values]
        return torch.broadcast_tensors(*new_values)
    return torch.broadcast_tensors(*values)


def clamp_probs(probs):
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class lazy_property:
    # Computed on first access and then stored on the instance (a non-data descriptor, so the stored
    # value wins afterwards), as PyTorch's.
    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__ = getattr(wrapped, "__doc__", None)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


euler_constant = 0.57721566490153286060  # Euler Gamma constant


def _standard_normal(shape, dtype, device):
    # One normal_ fill of the full shape, the draw PyTorch's rsample paths make.
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    # Sums out the rightmost `dim` dimensions.
    if dim == 0:
        return value
    required_shape = value.shape[:value.dim() - dim] + (-1,)
    return value.reshape(required_shape).sum(-1)


def _xlogy(x, y):
    # torch.xlogy (x * log(y), 0 where x == 0 unless y is NaN), which Kiln's torch does not have.
    x, y = torch.broadcast_tensors(torch.as_tensor(x), torch.as_tensor(y)) if not (
        isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor)) else torch.broadcast_tensors(x, y)
    out = x * torch.log(y)
    zero = torch.zeros_like(out)
    return torch.where((x == 0) & ~torch.isnan(y), zero, out)


def _f32(x):
    # The float32 value nearest a Python float (C's float constants and casts).
    return torch.tensor(x, dtype=torch.float32).item()


def _sample_gamma_one(alpha, inv_alpha, boosted, d, c0331, uniform, normal):
    # ATen's sample_gamma (Marsaglia-Tsang, alpha < 1 boosted by u^(1/alpha)) with its RNG calls in
    # order: one double uniform for the boost, then per trial normals until 1 + c x > 0 and one
    # uniform. The float32 intermediates (1/alpha, alpha + 1, alpha - 1/3 for float tensors) come
    # precomputed; everything else is double, as in the CPU kernel.
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0.0:
            return 0.0
        scale *= math.pow(1 - uniform(), inv_alpha)
    c = 1.0 / math.sqrt(9.0 * d)
    while True:
        while True:
            x = normal()
            y = 1.0 + c * x
            if not (y <= 0):
                break
        v = y * y * y
        u = 1 - uniform()
        xx = x * x
        if u < 1.0 - c0331 * xx * xx:
            return scale * d * v
        if math.log(u) < 0.5 * xx + d * (1.0 - v + math.log(v)):
            return scale * d * v


def _standard_gamma_values(alpha, compute_dtype, generator=None):
    # Standard Gamma(alpha) draws for every element of alpha in memory order, from torch's generator
    # (torch.rand / torch.randn of one float64 element are exactly ATen's uniform_real_distribution
    # <double> and normal_distribution<double>, the latter sharing the generator's cached Box-Muller
    # value). compute_dtype is the kernel's scalar type: float32 rounds the alpha arithmetic as
    # ATen's float kernel does. Returns a list of Python floats.
    flat = alpha.detach().reshape(-1).to(compute_dtype)
    third = torch.tensor(1.0, dtype=torch.float32) / torch.tensor(3.0, dtype=torch.float32)
    if compute_dtype == torch.float64:
        third = third.to(torch.float64)
    small = flat < 1.0
    inv_alpha = (torch.ones_like(flat) / flat).tolist()
    boosted = torch.where(small, flat + 1.0, flat)
    d = (boosted - third.to(compute_dtype)).tolist()
    alphas = flat.tolist()
    boosted = boosted.tolist()
    c0331 = _f32(0.0331)

    def uniform():
        return torch.rand((), dtype=torch.float64, generator=generator).item()

    def normal():
        return torch.randn((), dtype=torch.float64, generator=generator).item()

    return [_sample_gamma_one(alphas[i], inv_alpha[i], boosted[i], d[i], c0331, uniform, normal)
            for i in range(len(alphas))]


def _standard_gamma(alpha, generator=None):
    # torch._standard_gamma on CPU: the draws in the tensor's dtype, clamped below at its tiny.
    values = _standard_gamma_values(alpha, alpha.dtype, generator)
    out = torch.tensor(values, dtype=torch.float64).to(alpha.dtype).reshape(alpha.shape)
    return out.clamp(min=torch.finfo(alpha.dtype).tiny)


def _sample_dirichlet(concentration, generator=None):
    # torch._sample_dirichlet on CPU: double-precision gammas (alpha cast to double), normalised over
    # the last dimension in double, cast back and kept inside [tiny, 1) as ATen does.
    values = _standard_gamma_values(concentration, torch.float64, generator)
    gamma = torch.tensor(values, dtype=torch.float64).reshape(concentration.shape)
    gamma = gamma.clamp(min=torch.finfo(torch.float64).tiny)
    ratio = (gamma / gamma.sum(-1, True)).to(concentration.dtype)
    finfo = torch.finfo(concentration.dtype)
    return ratio.clamp(min=finfo.tiny, max=1.0 - finfo.eps / 2)


_PSI_A = [8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
          -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
          8.33333333333333333333E-2]
_GRAD_COEF_UV = [[0.16009398, -0.094634809, 0.025146376, -0.0030648343, 1, 0.32668115, 0.10406089, 0.0014179084],
                 [0.53487893, 0.1298071, 0.065735949, -0.0015649758, 0.16639465, 0.020070113, -0.0035938915,
                  -0.00058392623],
                 [0.040121004, -0.0065914022, -0.0026286047, -0.0013441777, 0.017050642, -0.0021309326,
                  0.00085092367, -1.5247877e-07]]


def _digamma_one(x):
    # ATen's scalar digamma (Cephes): recurrence up to 10, then the asymptotic series, in double.
    if x == 0:
        return math.inf
    additional_summand = 0.0
    if x < 0:
        if x == math.floor(x):
            return math.inf
        additional_summand = -math.pi / math.tan(math.pi * x)
        x = 1 - x
    result = 0.0
    while x < 10:
        result -= 1 / x
        x += 1
    if x == 10:
        return result + 2.25175258906672110764 + additional_summand
    y = 0.0
    if x < 1.0e17:
        z = 1.0 / (x * x)
        poly = 0.0
        for a in _PSI_A:
            poly = poly * z + a
        y = z * poly
    return result + math.log(x) - (0.5 / x) - y + additional_summand


def _standard_gamma_grad_one(alpha, x):
    # d sample / d alpha for a standard Gamma(alpha) sample x (ATen's standard_gamma_grad_one, in
    # double): Taylor series for small x, Rice saddle point for large alpha, else a rational fit.
    if x < _F08:
        numer = 1.0
        denom = alpha
        series1 = numer / denom
        series2 = numer / (denom * denom)
        for i in range(1, 6):
            numer *= -x / float(i)
            denom += 1
            series1 += numer / denom
            series2 += numer / (denom * denom)
        pow_x_alpha = math.pow(x, alpha)
        gamma_pdf = math.pow(x, alpha - 1) * math.exp(-x)
        gamma_cdf = pow_x_alpha * series1
        gamma_cdf_alpha = (math.log(x) - _digamma_one(alpha)) * gamma_cdf - pow_x_alpha * series2
        result = -gamma_cdf_alpha / gamma_pdf
        return 0.0 if math.isnan(result) else result
    if alpha > 8.0:
        if _F09 * alpha <= x <= _F11 * alpha:
            numer_1 = 1 + 24 * alpha * (1 + 12 * alpha)
            numer_2 = 1440 * (alpha * alpha) + 6 * x * (53 - 120 * x) - 65 * x * x / alpha + alpha * (107 + 3600 * x)
            denom = 1244160 * (alpha * alpha) * (alpha * alpha)
            return numer_1 * numer_2 / denom
        denom = math.sqrt(8 * alpha)
        term2 = denom / (alpha - x)
        term3 = math.pow(x - alpha - alpha * math.log(x / alpha), -1.5)
        term23 = term2 - term3 if x < alpha else term2 + term3
        term1 = math.log(x / alpha) * term23 - math.sqrt(2 / alpha) * (alpha + x) / ((alpha - x) * (alpha - x))
        stirling = 1 + 1 / (12 * alpha) * (1 + 1 / (24 * alpha))
        numer = x * term1
        return -stirling * numer / denom
    u = math.log(x / alpha)
    v = math.log(alpha)
    coef_v = [_GRAD_COEF_UV[0][i] + u * (_GRAD_COEF_UV[1][i] + u * _GRAD_COEF_UV[2][i]) for i in range(8)]
    p = coef_v[0] + v * (coef_v[1] + v * (coef_v[2] + v * coef_v[3]))
    q = coef_v[4] + v * (coef_v[5] + v * (coef_v[6] + v * coef_v[7]))
    return math.exp(p / q)


_F08 = _f32(0.8)
_F09 = _f32(0.9)
_F11 = _f32(1.1)


def _standard_gamma_grad(alpha, x):
    # torch._standard_gamma_grad: elementwise over alpha and the samples it produced.
    a = alpha.detach().reshape(-1).tolist()
    s = x.detach().reshape(-1).tolist()
    out = [_standard_gamma_grad_one(a[i], s[i]) for i in range(len(a))]
    return torch.tensor(out, dtype=torch.float64).to(alpha.dtype).reshape(alpha.shape)


class _StandardGamma(torch.autograd.Function):
    # torch._standard_gamma with its reparameterized (implicit) gradient.
    @staticmethod
    def forward(ctx, alpha):
        x = _standard_gamma(alpha)
        ctx.save_for_backward(alpha, x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        alpha, x = ctx.saved_tensors
        return grad_output * _standard_gamma_grad(alpha, x)


# Rational-correction coefficients of ATen's dirichlet_grad_one: [numerator/denominator][u power][a power]
# [b polynomial coefficient].
_DIRICHLET_C = [
    [[[1.003668233, -0.01061107488, -0.0657888334, 0.01201642863],
      [0.6336835991, -0.3557432599, 0.05486251648, -0.001465281033],
      [-0.03276231906, 0.004474107445, 0.002429354597, -0.0001557569013]],
     [[0.221950385, -0.3187676331, 0.01799915743, 0.01074823814],
      [-0.2951249643, 0.06219954479, 0.01535556598, 0.001550077057],
      [0.02155310298, 0.004170831599, 0.001292462449, 6.976601077e-05]],
     [[-0.05980841433, 0.008441916499, 0.01085618172, 0.002319392565],
      [0.02911413504, 0.01400243777, -0.002721828457, 0.000751041181],
      [0.005900514878, -0.001936558688, -9.495446725e-06, 5.385558597e-05]]],
    [[[1, -0.02924021934, -0.04438342661, 0.007285809825],
      [0.6357567472, -0.3473456711, 0.05454656494, -0.002407477521],
      [-0.03301322327, 0.004845219414, 0.00231480583, -0.0002307248149]],
     [[0.5925320577, -0.1757678135, 0.01505928619, 0.000564515273],
      [0.1014815858, -0.06589186703, 0.01272886114, -0.0007316646956],
      [-0.007258481865, 0.001096195486, 0.0003934994223, -4.12701925e-05]],
     [[0.06469649321, -0.0236701437, 0.002902096474, -5.896963079e-05],
      [0.001925008108, -0.002869809258, 0.0008000589141, -6.063713228e-05],
      [-0.0003477407336, 6.959756487e-05, 1.097287507e-05, -1.650964693e-06]]],
]


def _beta_grad_alpha_small(x, alpha, beta):
    # d x / d alpha for x ~ Beta(alpha, beta) near 0: Taylor series (10 terms).
    factor = _digamma_one(alpha) - _digamma_one(alpha + beta) - math.log(x)
    numer = 1.0
    series = numer / alpha * (factor + 1 / alpha)
    for i in range(1, 11):
        numer *= (i - beta) * x / i
        denom = alpha + i
        series += numer / denom * (factor + 1 / denom)
    result = x * math.pow(1 - x, -beta) * series
    return 0.0 if math.isnan(result) else result


def _beta_grad_beta_small(x, alpha, beta):
    # d x / d beta for x ~ Beta(alpha, beta) near 0: Taylor series (8 terms).
    factor = _digamma_one(alpha + beta) - _digamma_one(beta)
    numer = 1.0
    betas = 1.0
    dbetas = 0.0
    series = factor / alpha
    for i in range(1, 9):
        numer *= -x / i
        dbetas = dbetas * (beta - i) + betas
        betas = betas * (beta - i)
        series += numer / (alpha + i) * (dbetas + factor * betas)
    result = -math.pow(1 - x, 1 - beta) * series
    return 0.0 if math.isnan(result) else result


def _beta_grad_alpha_mid(x, alpha, beta):
    # Rice saddle-point expansion for large alpha and beta, with the x == mean singularity avoided.
    total = alpha + beta
    mean = alpha / total
    std = math.sqrt(alpha * beta / (total + 1)) / total
    if mean - 0.1 * std <= x <= mean + 0.1 * std:
        poly = 47 * x * (beta * beta) * (beta * beta) + alpha * (
            (43 + 20 * (16 + 27 * beta) * x) * (beta * beta) * beta + alpha * (
                3 * (59 + 180 * beta - 90 * x) * (beta * beta) + alpha * (
                    (453 + 1620 * beta * (1 - x) - 455 * x) * beta + alpha * (8 * (1 - x) * (135 * beta - 11)))))
        prefactor_num = (1 + 12 * alpha) * (1 + 12 * beta) / (total * total)
        prefactor_den = 12960 * alpha * alpha * alpha * beta * beta * (1 + 12 * total)
        return prefactor_num / (1 - x) * poly / prefactor_den
    prefactor = -x / math.sqrt(2 * alpha * beta / total)
    stirling = ((1 + 1 / (12 * alpha) + 1 / (288 * alpha * alpha)) * (1 + 1 / (12 * beta) + 1 / (288 * beta * beta))
                / (1 + 1 / (12 * total) + 1 / (288 * total * total)))
    term1_num = 2 * (alpha * alpha) * (x - 1) + alpha * beta * (x - 1) - x * (beta * beta)
    axbx = alpha * (x - 1) + beta * x
    term1_den = math.sqrt(2 * alpha / beta) * math.pow(total, 1.5) * axbx * axbx
    term1 = term1_num / term1_den
    term2 = 0.5 * math.log(alpha / (total * x))
    term3 = math.sqrt(8 * alpha * beta / total) / (beta * x + alpha * (x - 1))
    term4_base = beta * math.log(beta / (total * (1 - x))) + alpha * math.log(alpha / (total * x))
    term4 = math.pow(term4_base, -1.5)
    term1234 = term1 + term2 * (term3 + (term4 if x < mean else -term4))
    return stirling * prefactor * term1234


def _dirichlet_grad_one(x, alpha, total):
    # ATen's dirichlet_grad_one: the Beta(alpha, total - alpha) reparameterized gradient scaled by
    # 1 / (1 - x), by region (computed in double; ATen keeps some float-typed intermediates).
    beta = total - alpha
    boundary = total * x * (1 - x)
    if x <= 0.5 and boundary < 2.5:
        return _beta_grad_alpha_small(x, alpha, beta)
    if x >= 0.5 and boundary < 0.75:
        return -_beta_grad_beta_small(1 - x, beta, alpha)
    if alpha > 6 and beta > 6:
        return _beta_grad_alpha_mid(x, alpha, beta)
    u = math.log(x)
    a = math.log(alpha) - u
    b = math.log(total) - a
    pow_u = [1.0, u, u * u]
    pow_a = [1.0, a, a * a]
    p = 0.0
    q = 0.0
    for i in range(3):
        for j in range(3):
            ua = pow_u[i] * pow_a[j]
            cp = _DIRICHLET_C[0][i][j]
            cq = _DIRICHLET_C[1][i][j]
            p += ua * (cp[0] + b * (cp[1] + b * (cp[2] + b * cp[3])))
            q += ua * (cq[0] + b * (cq[1] + b * (cq[2] + b * cq[3])))
    approx = x * (_digamma_one(total) - _digamma_one(alpha)) / beta
    return p / q * approx


class _Dirichlet(torch.autograd.Function):
    # torch._sample_dirichlet with PyTorch's _Dirichlet backward: the per-coordinate Beta gradients
    # (_dirichlet_grad) projected so the sample stays on the simplex.
    @staticmethod
    def forward(ctx, concentration):
        x = _sample_dirichlet(concentration)
        ctx.save_for_backward(x, concentration)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        x, concentration = ctx.saved_tensors
        total = concentration.sum(-1, True).expand_as(concentration)
        xs = x.detach().reshape(-1).tolist()
        al = concentration.detach().reshape(-1).tolist()
        tt = total.detach().reshape(-1).tolist()
        grad = torch.tensor([_dirichlet_grad_one(xs[i], al[i], tt[i]) for i in range(len(xs))],
                            dtype=torch.float64).to(x.dtype).reshape(x.shape)
        return grad * (grad_output - (x * grad_output).sum(-1, True))
