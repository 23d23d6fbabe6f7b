# error: 3:20: cannot use '_' as a target
match x:
    case [1, 2] as _:
        pass
