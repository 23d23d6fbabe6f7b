# error: 3:21: positional patterns follow keyword patterns
match p:
    case Point(x=0, 1):
        pass
