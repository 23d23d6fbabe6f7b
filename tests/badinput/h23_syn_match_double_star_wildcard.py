# badinput: **_ in a mapping pattern
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
match {}:
    case {**_}:
        pass
