# error: 3:15: invalid syntax
match x:
    case *rest:
        pass
