# badinput: __match_args__ as a list
# expect-exit: 1
# expect-stderr: TypeError: P.__match_args__ must be a tuple (got list)
class P:
    __match_args__=["a"]
    a=1
match P():
    case P(1):
        pass
