# badinput: a positional sub-pattern after a keyword one
# expect-exit: 1
# expect-stderr: SyntaxError: positional patterns follow keyword patterns
class P: pass
match P():
    case P(x=1, 2):
        pass
