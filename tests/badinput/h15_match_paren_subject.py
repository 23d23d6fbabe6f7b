# badinput: a match statement whose subject is parenthesized (`match (a, b):`) was parsed as a call `match(a, b)` followed by a stray ':', blaming "cannot assign to function call"; it is the match statement, and its pattern binding x twice is CPython's SyntaxError at the second x
# expect-exit: 1
# expect-stderr: h15_match_paren_subject.py:5:14: SyntaxError: multiple assignments to name 'x' in pattern
match (1, 2):
    case (x, x):
        pass
