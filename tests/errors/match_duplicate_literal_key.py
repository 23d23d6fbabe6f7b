# error: 3:10: mapping pattern checks duplicate key ('lr')
match cfg:
    case {"lr": lr, "momentum": m, "lr": again}:
        pass
