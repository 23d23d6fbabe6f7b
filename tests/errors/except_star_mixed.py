# error: 6:1: cannot have both 'except' and 'except*' on the same 'try'
try:
    pass
except* ValueError:
    pass
except TypeError:
    pass
