# np.random's legacy RandomState continuous draws that mixup/cutmix code uses (`lam =
# np.random.beta(alpha, alpha)`): beta through Johnk's algorithm (a, b <= 1) and through a ratio of
# gammas, gamma/standard_gamma in their shape < 1, == 1 and > 1 branches, exponential,
# standard_exponential and chisquare, on the global state and on RandomState objects, scalar and
# sized, with the parameter checks' ValueErrors (-0.0 counts as negative; NaN passes).
import numpy as np

np.random.seed(0)
print(np.random.beta(1.0, 1.0), np.random.beta(0.4, 0.4), np.random.beta(0.2, 0.9))
print(np.random.beta(2.0, 5.0), np.random.beta(1.0, 3.0))
print(np.random.beta(0.5, 0.5, size=4))
print(np.random.beta(3.0, 3.0, size=(2, 3)))
print(type(np.random.beta(1.0, 1.0)).__name__, np.random.beta(1.0, 1.0, size=1).dtype)
np.random.seed(1)
print(np.random.gamma(0.5), np.random.gamma(1.0), np.random.gamma(2.5, 2.0))
print(np.random.standard_gamma(0.3, size=3), np.random.standard_gamma(4.0, size=3))
print(np.random.gamma(0.0), np.random.standard_gamma(1.0))
print(np.random.exponential(), np.random.exponential(2.0, size=3), np.random.standard_exponential(2))
print(np.random.chisquare(3.0, size=3), np.random.chisquare(0.5))
# the draws interleave with the Gaussian cache as NumPy's do
np.random.seed(2)
print(np.random.randn(), np.random.gamma(3.0), np.random.randn(), np.random.rand())
rs = np.random.RandomState(42)
print(rs.beta(1.0, 1.0, size=3), rs.gamma(2.0, size=2), rs.exponential(0.5))
rs2 = np.random.RandomState(42)
print(rs2.beta(1.0, 1.0, size=3).tolist() == np.random.RandomState(42).beta(1.0, 1.0, size=3).tolist())
# mixup as the ViT-CIFAR / timm scripts write it
np.random.seed(3)
lam = np.random.beta(1.0, 1.0)
idx = np.random.permutation(8)
print(round(lam, 6), idx)
for call in (lambda: np.random.beta(0.0, 1.0), lambda: np.random.beta(1.0, -2.0), lambda: np.random.gamma(-1.0),
             lambda: np.random.gamma(-0.0), lambda: np.random.gamma(1.0, -1.0), lambda: np.random.exponential(-1.0),
             lambda: np.random.chisquare(0.0), lambda: np.random.standard_gamma(-0.5)):
    try:
        call()
    except ValueError as e:
        print("ValueError:", e)
print(np.isnan(np.random.gamma(float("nan"))))
