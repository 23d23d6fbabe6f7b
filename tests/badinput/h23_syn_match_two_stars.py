# badinput: two starred names in one sequence pattern
# expect-exit: 1
# expect-stderr: SyntaxError: multiple starred names in sequence pattern
match [1,2]:
    case [*a, *b]:
        pass
