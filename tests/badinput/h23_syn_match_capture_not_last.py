# badinput: a bare capture pattern before other cases
# expect-exit: 1
# expect-stderr: SyntaxError: name capture 'x' makes remaining patterns unreachable
match 1:
    case x:
        pass
    case 2:
        pass
