# error: 2:5: expected ':', got NEWLINE
if x
    pass
