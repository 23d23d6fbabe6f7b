# torch.distributions discrete families: OneHotCategorical, Geometric, Poisson, Binomial, Multinomial:
# seeded samples (torch.multinomial / uniform_ draws as PyTorch), log_prob, entropy, moments, reprs,
# enumerate_support, expand, validation errors; Poisson/Binomial log_prob only (Kiln cannot sample them).
import torch
from torch.distributions import Binomial, Geometric, Multinomial, OneHotCategorical, Poisson


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
oh = OneHotCategorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(oh, oh.batch_shape, oh.event_shape, oh.support, oh.has_enumerate_support)
print(oh.sample(), oh.sample((3,)))
print(oh.log_prob(torch.tensor([0.0, 0.0, 1.0, 0.0])), oh.entropy(), oh.perplexity())
print(oh.mean, oh.mode, oh.variance, oh.probs, oh.logits, oh.param_shape)
print(oh.enumerate_support(), oh.enumerate_support(expand=False).shape)
ohb = OneHotCategorical(logits=torch.tensor([[1.0, 2.0, 0.5], [0.0, 0.0, 0.0]]))
print(ohb.batch_shape, ohb.event_shape, ohb.sample((2,)), ohb.enumerate_support().shape)
print(ohb.expand((4, 2)).batch_shape, ohb.expand((4, 2)).sample().shape)
show_err(lambda: oh.log_prob(torch.tensor([0.5, 0.5, 0.0, 0.0])))

ge = Geometric(torch.tensor([0.3, 0.8]))
print(ge.sample(), ge.sample((3,)))
print(ge.log_prob(torch.tensor([2.0, 0.0])), ge.mean, ge.mode, ge.variance, ge.entropy())
print(ge, ge.support)
gl = Geometric(logits=torch.tensor(0.5))
print(gl, gl.probs, gl.sample((4,)))
print(Geometric(torch.tensor([1.0])).log_prob(torch.tensor([0.0])))
show_err(lambda: Geometric(torch.tensor([0.0, 0.5])))
show_err(lambda: Geometric(torch.tensor([1.5])))
show_err(lambda: ge.log_prob(torch.tensor([1.5, 1.0])))

po = Poisson(torch.tensor([1.0, 4.0, 0.0]))
print(po, po.support, po.batch_shape)
print(po.log_prob(torch.tensor([0.0, 3.0, 0.0])), po.mean, po.mode, po.variance)
print(Poisson(2.5).log_prob(torch.arange(4.0)), Poisson(2.5).expand((2,)).batch_shape)
show_err(lambda: Poisson(torch.tensor([-1.0])))

bi = Binomial(10, torch.tensor([0.2, 0.7]))
print(bi, bi.support, bi.batch_shape)
print(bi.log_prob(torch.tensor([2.0, 7.0])), bi.mean, bi.variance, bi.mode, bi.entropy())
print(bi.enumerate_support().shape, bi.enumerate_support(expand=False).shape)
bl = Binomial(torch.tensor([5.0, 8.0]), logits=torch.tensor([0.3, -1.0]))
print(bl, bl.probs, bl.log_prob(torch.tensor([2.0, 3.0])))
show_err(lambda: bl.entropy())
show_err(lambda: bi.log_prob(torch.tensor([11.0, 1.0])))
show_err(lambda: Binomial(2, torch.tensor([1.5])))

m = Multinomial(5, torch.tensor([0.2, 0.3, 0.5]))
print(m, m.batch_shape, m.event_shape, m.support, m.total_count)
print(m.sample(), m.sample((2,)))
print(m.log_prob(torch.tensor([1.0, 2.0, 2.0])), m.mean, m.variance, m.entropy())
mb = Multinomial(3, logits=torch.tensor([[0.0, 1.0], [2.0, -1.0]]))
print(mb.sample((2,)), mb.log_prob(torch.tensor([[1.0, 2.0], [3.0, 0.0]])))
print(Multinomial(4, torch.tensor([0.5, 0.5, 0.0])).log_prob(torch.tensor([2.0, 2.0, 0.0])))
show_err(lambda: Multinomial(torch.tensor(3), torch.tensor([0.5, 0.5])))
show_err(lambda: m.log_prob(torch.tensor([1.0, 2.0, 3.0])))
