# badinput: a positional sub-pattern on a class without __match_args__
# expect-exit: 1
# expect-stderr: TypeError: P() accepts 0 positional sub-patterns (1 given)
class P: pass
match P():
    case P(1):
        pass
