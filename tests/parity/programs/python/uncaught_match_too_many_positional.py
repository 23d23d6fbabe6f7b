# More positional sub-patterns than __match_args__ names: "C() accepts 1 positional sub-pattern (2 given)".
class Box:
    __match_args__ = ("width",)

    def __init__(self):
        self.width = 3


def area(b):
    match b:
        case Box(w, h):
            return w * h


try:
    area(Box())
except TypeError as e:
    print("TypeError:", e)
match 5:
    case int(a, b):
        print(a, b)
