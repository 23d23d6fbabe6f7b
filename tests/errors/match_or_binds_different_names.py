# error: 3:10: alternative patterns bind different names
match point:
    case (0, y) | (x, 0):
        pass
