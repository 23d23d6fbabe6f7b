# error: 3:11: name capture 'y' makes remaining patterns unreachable
match x:
    case (y as z):
        pass
    case 1:
        pass
