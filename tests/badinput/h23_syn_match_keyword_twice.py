# badinput: a class pattern naming one attribute twice
# expect-exit: 1
# expect-stderr: SyntaxError: attribute name repeated in class pattern: x
class P: pass
match P():
    case P(x=1, x=2):
        pass
