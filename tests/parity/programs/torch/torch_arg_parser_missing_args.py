# torch functions and Tensor methods called without a required argument raise PyTorch's argument
# parser error (python_arg_parser.cpp's missing_args): the function's name, every non-optional
# parameter from the first missing one on in double quotes (given ones after it included), and the
# parser's inverted plural. Old code hits it through 0.3-era calls such as `probs.multinomial()`.
import torch

torch.manual_seed(0)
probs = torch.softmax(torch.randn(1, 4), dim=1)


def show(fn):
    try:
        fn()
    except TypeError as e:
        print("TypeError:", e)


show(lambda: probs.multinomial())
show(lambda: probs.multinomial(replacement=True))
show(lambda: torch.dist(probs))
print(probs.multinomial(1).shape, round(torch.dist(probs, probs * 2).item(), 4))
