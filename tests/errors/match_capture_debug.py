# error: 3:11: cannot assign to __debug__
match x:
    case [__debug__]:
        pass
