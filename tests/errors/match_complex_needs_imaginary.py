# error: 3:14: imaginary number required in complex literal
match z:
    case 1 + 2:
        pass
