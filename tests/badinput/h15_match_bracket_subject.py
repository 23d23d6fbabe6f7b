# badinput: a match statement with a bracketed subject (`match [a]:`) is the statement, not a subscript expression statement: its or-pattern binding different names is CPython's SyntaxError, located at the pattern
# expect-exit: 1
# expect-stderr: h15_match_bracket_subject.py:6:10: SyntaxError: alternative patterns bind different names
x = 1
match [x]:
    case [y] | [z]:
        pass
