# badinput: a mapping pattern with one key twice
# expect-exit: 1
# expect-stderr: SyntaxError: mapping pattern checks duplicate key ('a')
match {}:
    case {"a": 1, "a": 2}:
        print("m")
