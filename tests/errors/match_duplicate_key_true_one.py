# error: 3:10: mapping pattern checks duplicate key (True)
match d:
    case {1: a, True: b}:
        pass
