# error: 3:15: invalid pattern target
match x:
    case 1 as 2:
        pass
