# badinput: a match statement with a bracketed subject (`match [a]:`) read as a subscript expression statement; it is the (unsupported) match statement, located at its 'match'
# expect-exit: 1
# expect-stderr: h15_match_bracket_subject.py:5:1: SyntaxError: the match statement is not supported in Kiln
x = 1
match [x]:
    case [y] | [z]:
        pass
