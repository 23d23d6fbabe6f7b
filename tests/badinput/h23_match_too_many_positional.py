# badinput: more positional sub-patterns than __match_args__
# expect-exit: 1
# expect-stderr: TypeError: P() accepts 1 positional sub-pattern (2 given)
class P:
    __match_args__=("a",)
    a=1
match P():
    case P(1, 2):
        pass
