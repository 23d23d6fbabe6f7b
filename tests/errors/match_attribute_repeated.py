# error: 3:28: attribute name repeated in class pattern: x
match p:
    case Point(x=0, y=1, x=2):
        pass
