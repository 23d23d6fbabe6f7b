# error: 3:10: real number required in complex literal
match z:
    case 1j + 2j:
        pass
