# A class pattern's callee must be a class: a function there is "called match pattern must be a class";
# a class without __match_args__ accepts no positional sub-pattern; attribute names given twice and
# non-str __match_args__ entries are TypeErrors too.
class Plain:
    x = 1


class BadArgs:
    __match_args__ = (1,)


class Twice:
    __match_args__ = ("x",)
    x = 2


for subject, case in [(Plain(), "plain"), (BadArgs(), "bad"), (Twice(), "twice")]:
    try:
        match subject:
            case Plain(v):
                print(v)
            case BadArgs(v):
                print(v)
            case Twice(v, x=w):
                print(v, w)
    except TypeError as e:
        print(case, "TypeError:", e)


def helper():
    return int


match 3:
    case helper():
        print("unreachable")
