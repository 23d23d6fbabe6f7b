# badinput: except and except* on one try (SyntaxError, located) (h14 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: cannot have both 'except' and 'except*' on the same 'try'
try:
    pass
except ValueError:
    pass
except* TypeError:
    pass
