# error: 3:27: invalid syntax
match x:
    case {"a": 1, **rest, "b": 2}:
        pass
