# badinput: random fills given probabilities and bounds outside their domain: torch.bernoulli/bernoulli_ with a probability tensor holding 1.5, -0.1 or NaN drew 0/1 values; uniform_ with a NaN, infinite or out-of-dtype bound, or a range past the dtype's max, filled NaN; ATen's checks (at::bernoulli_distribution's TORCH_CHECK, uniform_impl_'s check_uniform_bounds); exponential_impl_ checks lambda > 0 only, so inf is accepted (PyTorch 2.11 golden) (h12 NaN sweep)
# expect-exit: 0
# expect-stdout: Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)|Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)|Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)|to is out of bounds for float|from is out of bounds for float|from is out of bounds for c10::Half|uniform_ expects to-from <= std::numeric_limits<Double>::max(), but found to=1e+308 and from=-1e+308 which result in to-from to exceed the limit|uniform_ expects to-from <= std::numeric_limits<Float>::max(), but found to=3.40282e+38 and from=-3.40282e+38 which result in to-from to exceed the limit|no error|ok 3 [0.0, 1.0]
import torch
out = []
fmax = torch.finfo(torch.float32).max
for f in (lambda: torch.bernoulli(torch.tensor([0.5, 1.5])), lambda: torch.bernoulli(torch.tensor([float("nan")])),
          lambda: torch.zeros(2).bernoulli_(torch.tensor([-0.1, 0.0])),
          lambda: torch.zeros(2).uniform_(0, float("nan")), lambda: torch.zeros(2).uniform_(float("-inf"), 0),
          lambda: torch.zeros(2, dtype=torch.float16).uniform_(-70000, 1),
          lambda: torch.zeros(2, dtype=torch.float64).uniform_(-1e308, 1e308), lambda: torch.zeros(2).uniform_(-fmax, fmax),
          lambda: torch.zeros(2).exponential_(float("inf"))):
    try:
        f()
        out.append("no error")
    except RuntimeError as e:
        out.append(str(e))
ok = torch.bernoulli(torch.tensor([0.0, 1.0, 0.5]))
out.append(f"ok {ok.numel()} {torch.bernoulli(torch.tensor([0.0, 1.0])).tolist()}")
print("|".join(out))
