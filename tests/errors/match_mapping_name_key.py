# error: 3:14: invalid syntax
match x:
    case {key: 1}:
        pass
