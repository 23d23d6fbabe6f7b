# error: 3:22: cannot assign to __debug__
match x:
    case C(__debug__=1):
        pass
