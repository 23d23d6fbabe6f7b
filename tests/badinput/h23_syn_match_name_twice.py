# badinput: one name bound twice in a pattern
# expect-exit: 1
# expect-stderr: SyntaxError: multiple assignments to name 'a' in pattern
match (1,2):
    case (a, a):
        pass
