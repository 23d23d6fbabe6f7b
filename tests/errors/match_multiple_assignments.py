# error: 3:18: multiple assignments to name 'a' in pattern
match pair:
    case [a, [b, a]]:
        pass
