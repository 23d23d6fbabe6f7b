# badinput: nonlocal in a class body with nothing to bind
# expect-exit: 1
# expect-stderr: SyntaxError: no binding for nonlocal 'x' found
class C:
    nonlocal x
