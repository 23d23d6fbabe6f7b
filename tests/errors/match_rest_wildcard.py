# error: 3:13: invalid syntax
match x:
    case {**_}:
        pass
