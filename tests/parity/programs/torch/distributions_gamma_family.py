# torch.distributions Gamma, Chi2, Beta, Dirichlet, StudentT: log_prob, entropy, mean, mode, variance,
# reprs, expand, validation errors (Kiln cannot reproduce PyTorch's _standard_gamma draws, so this
# program does not sample them).
import torch
from torch.distributions import Beta, Chi2, Dirichlet, Gamma, StudentT


def show_err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)


ga = Gamma(torch.tensor([2.0, 3.0, 0.5]), torch.tensor([1.0, 0.5, 2.0]))
print(ga, ga.batch_shape, ga.support, ga.has_rsample)
print(ga.log_prob(torch.tensor([1.0, 2.0, 0.3])), ga.entropy(), ga.mean, ga.mode, ga.variance, ga.stddev)
print(Gamma(2.0, 1.0), Gamma(2.0, 1.0).log_prob(torch.tensor([0.0, 1.0])), ga.expand((2, 3)).batch_shape)
show_err(lambda: Gamma(torch.tensor([-1.0]), torch.tensor([1.0])))
show_err(lambda: ga.log_prob(torch.tensor([-1.0, 1.0, 1.0])))

c2 = Chi2(torch.tensor([1.0, 3.0]))
print(c2, c2.df, c2.concentration, c2.rate, c2.log_prob(torch.tensor([0.5, 2.0])), c2.entropy(), c2.mean, c2.variance)
print(c2.expand((2, 2)).df)

be = Beta(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 0.5]))
print(be, be.batch_shape, be.support, be.concentration1, be.concentration0)
print(be.log_prob(torch.tensor([0.3, 0.9])), be.entropy(), be.mean, be.mode, be.variance)
print(Beta(2.0, 2.0).log_prob(torch.tensor(0.5)), Beta(2.0, 2.0).batch_shape, be.expand((3, 2)).mean.shape)
show_err(lambda: be.log_prob(torch.tensor([1.5, 0.5])))

di = Dirichlet(torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.8]]))
print(di, di.batch_shape, di.event_shape, di.support)
print(di.log_prob(torch.tensor([0.2, 0.3, 0.5])), di.entropy(), di.mean, di.mode, di.variance)
show_err(lambda: Dirichlet(torch.tensor(1.0)))
show_err(lambda: Dirichlet(torch.tensor([1.0, -1.0])))
show_err(lambda: di.log_prob(torch.tensor([0.2, 0.3, 0.6])))

st = StudentT(torch.tensor([0.5, 1.5, 3.0]), torch.tensor([0.0, 1.0, -1.0]), torch.tensor([1.0, 2.0, 0.5]))
print(st, st.batch_shape, st.support)
print(st.log_prob(torch.tensor([0.1, 0.2, 0.3])), st.entropy(), st.mean, st.mode, st.variance)
print(StudentT(2.0), StudentT(2.0).batch_shape, StudentT(4.0).log_prob(torch.tensor(1.0)), StudentT(4.0).entropy())
show_err(lambda: StudentT(torch.tensor([0.0])))
