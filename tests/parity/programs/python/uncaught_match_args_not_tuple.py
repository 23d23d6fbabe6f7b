# A class pattern with positional sub-patterns reads __match_args__, which must be a tuple: a list is
# CPython's TypeError, raised at the case.
class Pixel:
    __match_args__ = ["r", "g"]

    def __init__(self):
        self.r, self.g = 1, 2


match Pixel():
    case Pixel(r, g):
        print(r, g)
