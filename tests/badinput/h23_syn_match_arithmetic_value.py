# badinput: 1+1 as a pattern
# expect-exit: 1
# expect-stderr: SyntaxError: imaginary number required in complex literal
match 1:
    case 1+1:
        pass
