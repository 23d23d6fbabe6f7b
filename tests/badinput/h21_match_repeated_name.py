# badinput: name bound twice in a pattern
# expect-exit: 1
# expect-stderr: SyntaxError: multiple assignments to name 'x' in pattern
match [1, 2]:
    case [x, x]:
        pass
