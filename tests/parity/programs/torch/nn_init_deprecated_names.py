# The deprecated nn.init names without the trailing underscore (nn.init.kaiming_normal(w) in older
# model zoos such as pytorch-cifar100's rir.py): they warn with a FutureWarning and initialize in
# place, drawing as their underscore versions do.
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
a = torch.empty(3, 4)
b = torch.empty(3, 4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for old, new, args in [("uniform", "uniform_", ()), ("normal", "normal_", ()), ("constant", "constant_", (0.3,)),
                           ("xavier_uniform", "xavier_uniform_", ()), ("xavier_normal", "xavier_normal_", ()),
                           ("kaiming_uniform", "kaiming_uniform_", ()), ("kaiming_normal", "kaiming_normal_", ())]:
        torch.manual_seed(1)
        r = getattr(nn.init, old)(a, *args)
        torch.manual_seed(1)
        getattr(nn.init, new)(b, *args)
        print(old, getattr(nn.init, old).__name__, r is a, torch.equal(a, b))
for w in caught:
    print(w.category.__name__, str(w.message))
