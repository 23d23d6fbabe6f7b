# badinput: int() with two positional sub-patterns
# expect-exit: 1
# expect-stderr: TypeError: int() accepts 1 positional sub-pattern (2 given)
match 1:
    case int(1, 2):
        pass
