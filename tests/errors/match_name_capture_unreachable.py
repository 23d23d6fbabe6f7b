# error: 6:14: name capture 'other' makes remaining patterns unreachable
def f(x):
    match x:
        case [1, 2]:
            return 1
        case other:
            return 2
        case 3:
            return 3
