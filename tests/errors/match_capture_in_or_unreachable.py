# error: 3:14: name capture 'z' makes remaining patterns unreachable
match x:
    case 1 | z:
        pass
    case 2:
        pass
