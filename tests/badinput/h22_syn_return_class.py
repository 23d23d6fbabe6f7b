# badinput: return in a class body
# expect-exit: 1
# expect-stderr: SyntaxError: 'return' outside function
class C:
    return 1
