# badinput: except and except* on one try
# expect-exit: 1
# expect-stderr: SyntaxError: cannot have both 'except' and 'except*' on the same 'try'
try:
    pass
except ValueError:
    pass
except* TypeError:
    pass
