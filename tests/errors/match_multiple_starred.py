# error: 3:10: multiple starred names in sequence pattern
match items:
    case [first, *middle, *rest]:
        pass
