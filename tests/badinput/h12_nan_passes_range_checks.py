# badinput: NaN passed range checks written `x < 0` where PyTorch writes `not 0.0 <= x` (RMSprop alpha/momentum, Adagrad lr_decay, Adamax/NAdam betas, NAdam momentum_decay, ASGD lr: ValueError) or `q >= 0 && q <= 1` (quantile's scalar q: it indexed position INT64_MIN; a NaN in a q tensor); quantile's checks in ATen's order and words ("quantile()" for nanquantile, no silent q dtype conversion). SGD keeps `lr < 0.0`: NaN passes there as in PyTorch (h12 NaN sweep)
# expect-exit: 0
# expect-stdout: Invalid alpha value: nan|Invalid momentum value: nan|Invalid lr_decay value: nan|Invalid beta parameter at index 1: nan|Invalid momentum_decay value: nan|Invalid learning rate: nan|quantile() q must be in the range [0, 1] but got nan|quantile() q must be in the range [0, 1] but got 2|quantile() q values must be in the range [0, 1]|quantile() q tensor must be same dtype as the input tensor|quantile() input tensor must be either float or double dtype|quantile() input tensor must be non-empty|sgd nan ok 2.0 [1.5, 3.0]
import torch
P = lambda: [torch.nn.Parameter(torch.randn(2))]
nan = float("nan")
out = []
for f in (lambda: torch.optim.RMSprop(P(), alpha=nan), lambda: torch.optim.RMSprop(P(), momentum=nan),
          lambda: torch.optim.Adagrad(P(), lr_decay=nan), lambda: torch.optim.Adamax(P(), betas=(0.9, nan)),
          lambda: torch.optim.NAdam(P(), momentum_decay=nan), lambda: torch.optim.ASGD(P(), lr=nan)):
    try:
        f()
        out.append("no error")
    except ValueError as e:
        out.append(str(e))
x = torch.tensor([1.0, 2.0, 3.0])
for f in (lambda: torch.quantile(x, nan), lambda: torch.nanquantile(x, 2), lambda: torch.nanquantile(x, torch.tensor([0.5, nan])),
          lambda: torch.quantile(x, torch.tensor([0.5], dtype=torch.float64)), lambda: torch.quantile(x.half(), 0.5),
          lambda: torch.quantile(torch.zeros(0), 0.5)):
    try:
        f()
        out.append("no error")
    except RuntimeError as e:
        out.append(str(e))
torch.optim.SGD(P(), lr=nan)
out.append(f"sgd nan ok {torch.quantile(x, 0.5).item()} {torch.nanquantile(x, torch.tensor([0.25, 1.0])).tolist()}")
print("|".join(out))
