# badinput: an or-pattern whose first alternative captures
# expect-exit: 1
# expect-stderr: SyntaxError: name capture 'a' makes remaining patterns unreachable
match 1:
    case a | 2:
        pass
