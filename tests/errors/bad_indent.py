# error: 4:5: unindent does not match any outer indentation level
if x:
        y = 1
    z = 2
