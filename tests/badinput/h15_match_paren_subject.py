# badinput: a match statement whose subject is parenthesized (`match (a, b):`) was parsed as a call `match(a, b)` followed by a stray ':', blaming "cannot assign to function call"; it is the match statement Kiln does not support, located at its 'match'
# expect-exit: 1
# expect-stderr: h15_match_paren_subject.py:4:1: SyntaxError: the match statement is not supported in Kiln
match (1, 2):
    case (x, x):
        pass
