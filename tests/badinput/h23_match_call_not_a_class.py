# badinput: a class pattern whose name is not a class
# expect-exit: 1
# expect-stderr: TypeError: called match pattern must be a class
x=5
match 1:
    case x.real(1):
        pass
